/*
 * Included first in every library source of the WebAssembly build: what
 * WASI does not have, given another way.  Nothing here changes the library
 * itself.
 */
#ifndef NT_WASM_COMPAT_H
#define NT_WASM_COMPAT_H

#include <stdio.h>

/* WASI has no temporary files: a spool (Bao's rewrite) lives in memory. */
FILE *nt_wasm_tmpfile(void);
#define tmpfile nt_wasm_tmpfile

#endif
