"""libhyph's C API through ctypes: the reference the Python binding must agree with."""
import ctypes


class _Settings(ctypes.Structure):
    pass


class CApi:
    def __init__(self, path):
        self.lib = ctypes.CDLL(path)
        lib = self.lib
        lib.hyph_load_english.restype = ctypes.c_int
        lib.hyph_load_english.argtypes = [ctypes.c_void_p, ctypes.c_size_t, ctypes.c_void_p,
                                          ctypes.POINTER(ctypes.c_void_p), ctypes.c_void_p]
        lib.hyph_hyphenate.restype = ctypes.c_size_t
        lib.hyph_hyphenate.argtypes = [ctypes.c_void_p, ctypes.c_char_p, ctypes.c_size_t,
                                       ctypes.POINTER(ctypes.c_size_t), ctypes.c_size_t]
        lib.hyph_hyphenate_utf16.restype = ctypes.c_size_t
        lib.hyph_hyphenate_utf16.argtypes = [ctypes.c_void_p, ctypes.c_void_p, ctypes.c_size_t,
                                             ctypes.POINTER(ctypes.c_size_t), ctypes.c_size_t]
        lib.hyph_free.argtypes = [ctypes.c_void_p]
        handle = ctypes.c_void_p()
        if lib.hyph_load_english(None, 0, None, ctypes.byref(handle), None) != 0:
            raise RuntimeError("hyph_load_english failed")
        self.english = handle

    def breaks_utf8(self, data: bytes):
        """Byte offsets of hyph_hyphenate."""
        n = self.lib.hyph_hyphenate(self.english, data, len(data), None, 0)
        out = (ctypes.c_size_t * max(n, 1))()
        self.lib.hyph_hyphenate(self.english, data, len(data), out, n)
        return list(out[:n])

    def breaks_utf16(self, units: bytes):
        """Code-unit offsets of hyph_hyphenate_utf16; units in the machine's byte order."""
        count = len(units) // 2
        buf = ctypes.create_string_buffer(units, len(units))
        n = self.lib.hyph_hyphenate_utf16(self.english, buf, count, None, 0)
        out = (ctypes.c_size_t * max(n, 1))()
        self.lib.hyph_hyphenate_utf16(self.english, buf, count, out, n)
        return list(out[:n])

    def positions(self, text: str):
        """The C API's breaks for a str, in code points: UTF-16 offsets mapped back (a str's
        surrogate code points are each one unit, as Python keeps them)."""
        units = text.encode("utf-16-le", "surrogatepass")
        offsets = self.breaks_utf16(units)
        # code unit -> code point: count the units that start a code point
        starts = []
        for ch in text:
            starts.append(2 if ord(ch) > 0xFFFF else 1)
        unit_to_cp = {}
        unit = 0
        for cp, width in enumerate(starts):
            unit_to_cp[unit] = cp
            unit += width
        unit_to_cp[unit] = len(text)
        return [unit_to_cp[o] for o in offsets]
