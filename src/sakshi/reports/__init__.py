"""Reports: data in, text or bytes out. The caller decides where they are written."""
