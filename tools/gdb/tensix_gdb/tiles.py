# SPDX-License-Identifier: Apache-2.0
"""Decoding an L1 tile for tt tile.  The float formats are decoded by the
device model's own code (device/model/ttx_format.c, built as
gdb/libttx_format.so beside tt_hal.py), exactly as the unpacker reads them;
integer formats are shown as stored.  Tiles are four 16x16 faces, face
rows first (hal/tt_data_format.h)."""
import ctypes
import os
import struct

import tt_hal as hal

_lib = None


def _format_lib():
    global _lib
    if _lib is None:
        path = os.path.join(os.path.dirname(os.path.abspath(hal.__file__)),
                            "libttx_format.so")
        _lib = ctypes.CDLL(path)
        _lib.ttx_fmt_decode_tile.argtypes = [ctypes.c_uint, ctypes.c_char_p,
                                             ctypes.POINTER(ctypes.c_uint32)]
        _lib.ttx_fmt_decode_tile.restype = ctypes.c_int
        _lib.ttx_fmt_tile_bytes.argtypes = [ctypes.c_uint]
        _lib.ttx_fmt_tile_bytes.restype = ctypes.c_size_t
    return _lib


def _position(i):
    """(row, column) in the 32x32 tile of stored element @i."""
    face_elems = hal.TILE_FACE_DIM * hal.TILE_FACE_DIM
    faces_per_row = hal.TILE_DIM // hal.TILE_FACE_DIM
    face, k = divmod(i, face_elems)
    r, col = divmod(k, hal.TILE_FACE_DIM)
    return ((face // faces_per_row) * hal.TILE_FACE_DIM + r,
            (face % faces_per_row) * hal.TILE_FACE_DIM + col)


INT_FORMATS = {
    hal.DF_INT32: "<i", hal.DF_UINT32: "<I", hal.DF_UINT16: "<H",
    hal.DF_UINT8: "<B", hal.DF_INT8: "<b",
}


def _values(fmt, raw):
    if fmt in INT_FORMATS:
        code = INT_FORMATS[fmt]
        size = struct.calcsize(code)
        n = min(hal.TILE_ELEMS, len(raw) // size)
        return ["%d" % v[0] for v in struct.iter_unpack(code, raw[:n * size])]
    lib = _format_lib()
    if lib.ttx_fmt_tile_bytes(fmt) == 0 or len(raw) < lib.ttx_fmt_tile_bytes(fmt):
        raise ValueError("format %d cannot be decoded" % fmt)
    out = (ctypes.c_uint32 * hal.TILE_ELEMS)()
    if lib.ttx_fmt_decode_tile(fmt, bytes(raw), out) != 0:
        raise ValueError("format %d cannot be decoded" % fmt)
    # as many digits as the format holds: Float32 nine, the others four
    digits = 9 if lib.ttx_fmt_tile_bytes(fmt) >= 4 * hal.TILE_ELEMS else 4
    return ["%.*g" % (digits, struct.unpack("<f", struct.pack("<I", v))[0]) for v in out]


def decode(fmt, raw):
    """32 rows of 32 strings: the tile's values in row-major order."""
    import gdb
    try:
        values = _values(fmt, raw)
    except ValueError as e:
        raise gdb.GdbError(str(e))
    rows = [[""] * hal.TILE_DIM for _ in range(hal.TILE_DIM)]
    for i, v in enumerate(values):
        r, c = _position(i)
        rows[r][c] = v
    return rows
