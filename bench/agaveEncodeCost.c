/*
 * What agave spends encoding account data for an answer, per account, in the two encodings parseOnClient
 * can ask for (issue 33). agave's account encoder (account-decoder, UiAccount::encode) writes base64 with
 * the base64 crate, and base64+zstd by making a zstd stream encoder per account: zstd-rs's
 * `Encoder::new(Vec::new(), 0)` (a compression context at level 0, the library's default; an empty
 * dictionary; a 32 KiB output buffer), `write_all` of the data, `finish`, then base64 of the frame. This
 * program makes the same libzstd calls in the same order, against the system's libzstd.so.1, so the cost
 * is the library's own; the base64 writer is a plain table loop, as the crate's scalar path is.
 *
 * Its input is a file of accounts' data, each `size` bytes, one after another (bench/nodeEncodeCost.mjs
 * writes the 20,000 token accounts of the programAccounts20000Parsed workload and runs this).
 *
 *   cc -O2 -o agave-encode-cost bench/agaveEncodeCost.c -l:libzstd.so.1
 *   ./agave-encode-cost <file> <size> [passes]
 *
 * libzstd's prototypes are declared here rather than included: Debian ships the library without its
 * header unless libzstd-dev is installed, and these signatures are part of its stable API.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

typedef struct ZSTD_CCtx_s ZSTD_CCtx;
typedef struct { const void *src; size_t size; size_t pos; } ZSTD_inBuffer;
typedef struct { void *dst; size_t size; size_t pos; } ZSTD_outBuffer;
ZSTD_CCtx *ZSTD_createCCtx(void);
size_t ZSTD_freeCCtx(ZSTD_CCtx *cctx);
size_t ZSTD_CCtx_setParameter(ZSTD_CCtx *cctx, int param, int value);
size_t ZSTD_CCtx_loadDictionary(ZSTD_CCtx *cctx, const void *dict, size_t dictSize);
size_t ZSTD_CCtx_reset(ZSTD_CCtx *cctx, int reset);
size_t ZSTD_compressStream(ZSTD_CCtx *zcs, ZSTD_outBuffer *output, ZSTD_inBuffer *input);
size_t ZSTD_endStream(ZSTD_CCtx *zcs, ZSTD_outBuffer *output);
unsigned ZSTD_isError(size_t code);
unsigned ZSTD_versionNumber(void);

enum { ZSTD_c_compressionLevel = 100, ZSTD_reset_session_only = 1 };
/* zstd-rs's zio::Writer buffer for the compressed output. */
enum { OUTPUT_BUFFER = 32 * 1024 };

static const char ALPHABET[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

static size_t base64(const unsigned char *in, size_t n, char *out) {
  size_t k = 0, i = 0;
  for (; i + 2 < n; i += 3) {
    unsigned v = (unsigned)in[i] << 16 | (unsigned)in[i + 1] << 8 | in[i + 2];
    out[k++] = ALPHABET[v >> 18];
    out[k++] = ALPHABET[v >> 12 & 63];
    out[k++] = ALPHABET[v >> 6 & 63];
    out[k++] = ALPHABET[v & 63];
  }
  if (i < n) {
    unsigned v = (unsigned)in[i] << 16 | (i + 1 < n ? (unsigned)in[i + 1] << 8 : 0);
    out[k++] = ALPHABET[v >> 18];
    out[k++] = ALPHABET[v >> 12 & 63];
    out[k++] = i + 1 < n ? ALPHABET[v >> 6 & 63] : '=';
    out[k++] = '=';
  }
  return k;
}

static double seconds(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return t.tv_sec + t.tv_nsec / 1e9;
}

/* One frame of `data` into `out` (OUTPUT_BUFFER bytes) with `cctx`, as zstd-rs's write_all then finish. */
static size_t compress(ZSTD_CCtx *cctx, const unsigned char *data, size_t size, unsigned char *out) {
  ZSTD_inBuffer input = {data, size, 0};
  ZSTD_outBuffer output = {out, OUTPUT_BUFFER, 0};
  while (input.pos < input.size) {
    if (ZSTD_isError(ZSTD_compressStream(cctx, &output, &input))) return 0;
  }
  size_t left;
  do {
    left = ZSTD_endStream(cctx, &output);
    if (ZSTD_isError(left)) return 0;
  } while (left > 0);
  return output.pos;
}

/* 0: base64; 1: base64+zstd as agave encodes it, an encoder per account; 2: one context reused. */
static double pass(int mode, const unsigned char *all, size_t count, size_t size, size_t *chars) {
  char *text = malloc(4 * (OUTPUT_BUFFER / 3 + 2));
  ZSTD_CCtx *shared = ZSTD_createCCtx();
  ZSTD_CCtx_setParameter(shared, ZSTD_c_compressionLevel, 0);
  *chars = 0;
  double start = seconds();
  for (size_t i = 0; i < count; i++) {
    const unsigned char *data = all + i * size;
    if (mode == 0) {
      *chars += base64(data, size, text);
      continue;
    }
    ZSTD_CCtx *cctx = shared;
    if (mode == 1) {
      cctx = ZSTD_createCCtx();
      ZSTD_CCtx_setParameter(cctx, ZSTD_c_compressionLevel, 0);
      ZSTD_CCtx_loadDictionary(cctx, "", 0);
    } else {
      ZSTD_CCtx_reset(cctx, ZSTD_reset_session_only);
    }
    unsigned char *out = malloc(OUTPUT_BUFFER);
    size_t frame = compress(cctx, data, size, out);
    if (frame == 0) {
      fprintf(stderr, "zstd failed on account %zu\n", i);
      exit(1);
    }
    *chars += base64(out, frame, text);
    free(out);
    if (mode == 1) ZSTD_freeCCtx(cctx);
  }
  double elapsed = seconds() - start;
  ZSTD_freeCCtx(shared);
  free(text);
  return elapsed;
}

static int byValue(const void *a, const void *b) {
  double x = *(const double *)a, y = *(const double *)b;
  return x < y ? -1 : x > y;
}

int main(int argc, char **argv) {
  if (argc < 3) {
    fprintf(stderr, "usage: %s <file> <size> [passes]\n", argv[0]);
    return 2;
  }
  size_t size = (size_t)atol(argv[2]);
  int passes = argc > 3 ? atoi(argv[3]) : 7;
  FILE *file = fopen(argv[1], "rb");
  if (!file || size == 0 || passes < 1) {
    fprintf(stderr, "cannot read %s in accounts of %s bytes\n", argv[1], argv[2]);
    return 2;
  }
  fseek(file, 0, SEEK_END);
  size_t bytes = (size_t)ftell(file);
  fseek(file, 0, SEEK_SET);
  unsigned char *all = malloc(bytes);
  if (fread(all, 1, bytes, file) != bytes) return 2;
  fclose(file);
  size_t count = bytes / size;
  static const char *names[] = {
      "base64 (agave's base64 encoding)",
      "base64+zstd as agave encodes it (a zstd encoder per account, then base64)",
      "reference: zstd with one context reused, then base64 (agave does not)",
  };
  double times[3][64];
  size_t chars[3] = {0, 0, 0};
  if (passes > 64) passes = 64;
  /* The three modes take turns pass by pass, so that a busier moment of the machine falls on all of them. */
  for (int p = 0; p < passes; p++)
    for (int mode = 0; mode < 3; mode++) times[mode][p] = pass(mode, all, count, size, &chars[mode]);
  unsigned version = ZSTD_versionNumber();
  printf("libzstd %u.%u.%u, %zu accounts of %zu bytes, median of %d passes\n\n", version / 10000, version / 100 % 100,
         version % 100, count, size, passes);
  printf("| encoding | ms per answer | us per account | base64 characters per account |\n|---|--:|--:|--:|\n");
  for (int mode = 0; mode < 3; mode++) {
    qsort(times[mode], (size_t)passes, sizeof(double), byValue);
    double median = times[mode][passes / 2];
    printf("| %s | %.1f | %.2f | %.1f |\n", names[mode], median * 1e3, median * 1e6 / count, (double)chars[mode] / count);
  }
  return 0;
}
