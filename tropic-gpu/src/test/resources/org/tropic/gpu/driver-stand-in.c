/*
 * A stand-in for libcuda.so.1, for testing Tropic's FFM bindings and its GPU solvers' host-side logic where no GPU
 * is present: every entry point Tropic binds, with the C signature of the CUDA 13 cuda.h. "Device" memory is host
 * memory and copies are memcpy. Kernel launches are recorded (name, dimensions, the values their parameters point
 * to) and carried out by plain C loops that follow the contract minplus.cu states for each kernel, block by block
 * over the launch's grid: so a solver's padding, panel order, skip ranges, chunks and host updates are checked end
 * to end against the CPU solver. The CUDA code itself is not run here; GpuKernelParityTest checks it against the same
 * contract on a GPU.
 *
 * Streams are as lazy as CUDA allows, to expose a host that does not wait: work queued on a stream runs only when
 * the host has to see it - at a synchronize of its stream, of an event recorded after it, or of the context - and a
 * stream made to wait for an event runs the event's work only when its own work runs. Copies between the device and
 * pinned host memory are queued like kernels; copies to or from pageable memory first finish the stream's work and
 * then run at once, as CUDA's pageable copies do. So a host that reads a pinned buffer before the copy into it is
 * known to be done, or refills one before the copy out of it has run, gets wrong distances. In lagging mode
 * (stand_in_lag_first_stream) the first stream created after it is switched on stays lazy and every other stream
 * runs its work as soon as it is queued, a wait for an event running that event's work first: a GPU whose first
 * stream lags behind the others. Then a stream that should wait for the first one's event and does not reads what
 * the first has not written yet.
 * Memory freed while queued work still uses it is reported on stderr ("stand-in: ...") and counted
 * (stand_in_violations). The stand_in_* functions let the test read what was recorded. Built by DriverStandIn with
 * the system's C compiler.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

typedef unsigned long long CUdeviceptr;

#define LIMIT (1ull << 30)
static size_t allocated;
static int launches;
static char last_kernel[128];
static unsigned last_dims[7];
static int last_ints[16];
static long long last_longs[16];
static int last_attribute_value;
static void *current_context;
/* Live device buffers, pinned buffers, streams and events, so a test can see that a failed solve freed its own. */
static int live[4];
static int host_allocations;
static int fail_host_allocation_at; /* the host_allocations count whose allocation fails; 0: none */
static int violations;                /* frees while work was queued */

static void drain_all(void);

static double now(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return t.tv_sec + t.tv_nsec / 1e9;
}

int cuInit(unsigned flags) { return flags == 0 ? 0 : 1; }
int cuDriverGetVersion(int *v) { *v = 13000; return 0; }
int cuDeviceGetCount(int *count) { *count = 1; return 0; }
int cuDeviceGet(int *device, int ordinal) {
  if (ordinal != 0) return 101;
  *device = 0;
  return 0;
}
int cuDeviceGetName(char *name, int length, int device) {
  if (device != 0 || length < 16) return 101;
  strcpy(name, "Stand-in GPU");
  return 0;
}
int cuDeviceGetAttribute(int *value, int attribute, int device) {
  if (device != 0) return 101;
  switch (attribute) {
    case 75: *value = 9; break;             /* compute capability major */
    case 76: *value = 0; break;             /* minor */
    case 16: *value = 132; break;           /* multiprocessors */
    case 13: *value = 1980000; break;       /* clock, kHz */
    case 97: *value = 232448; break;        /* shared memory per block, opt-in */
    case 40: *value = 3; break;             /* copy engines */
    case 38: *value = 50 << 20; break;      /* L2 */
    default: *value = 0;
  }
  return 0;
}
int cuDeviceTotalMem_v2(size_t *bytes, int device) { *bytes = LIMIT; return device == 0 ? 0 : 101; }
int cuDevicePrimaryCtxRetain(void **context, int device) { *context = (void *) 0x1234; return device == 0 ? 0 : 101; }
int cuDevicePrimaryCtxRelease_v2(int device) { return device == 0 ? 0 : 101; }
int cuCtxSetCurrent(void *context) {
  if (context != (void *) 0x1234) return 201;
  current_context = context;
  return 0;
}
int cuCtxSynchronize(void) {
  if (!current_context) return 201;
  drain_all();
  return 0;
}
int cuMemGetInfo_v2(size_t *free_bytes, size_t *total) {
  *free_bytes = LIMIT - allocated;
  *total = LIMIT;
  return 0;
}
/* ---- Streams and events: queues of work that run when the host must see their results ---- */

enum op_kind { OP_COPY, OP_SET32, OP_LAUNCH, OP_EVENT, OP_WAIT };

struct event;

typedef struct op {
  enum op_kind kind;
  struct op *next;
  void *dst;
  const void *src;
  size_t count;              /* bytes to copy, or words to set */
  unsigned value;
  char kernel[128];
  unsigned gx, gy;
  unsigned char args[16][8]; /* a launch's parameter values, copied at launch as the driver does */
  const char *types;         /* and their types: i = int, p = pointer or long long */
  struct event *event;       /* recorded here (OP_EVENT) or waited for (OP_WAIT) */
  long sequence;             /* which recording of the event */
} op;

typedef struct stream {
  op *head, *tail;
  struct stream *next;
} stream;

typedef struct event {
  double time;
  stream *on;                /* the stream of its latest recording, while that has not run */
  long sequence;
} event;

static stream *streams;

static void run_kernel(const char *kernel, unsigned gx, unsigned gy, void **params);
static void complete_recording(struct event *e, long sequence);

static void run_op(op *o) {
  switch (o->kind) {
    case OP_COPY: memmove(o->dst, o->src, o->count); break;
    case OP_SET32: for (size_t i = 0; i < o->count; i++) ((unsigned *) o->dst)[i] = o->value; break;
    case OP_LAUNCH: {
      void *params[16];
      for (int i = 0; i < 16; i++) params[i] = o->args[i];
      run_kernel(o->kernel, o->gx, o->gy, params);
      break;
    }
    case OP_EVENT:
      o->event->time = now();
      if (o->event->sequence == o->sequence) o->event->on = NULL;
      break;
    case OP_WAIT: complete_recording(o->event, o->sequence); break;
  }
}

/* Runs s's queued work up to and including stop (all of it when stop is NULL). */
static void drain(stream *s, op *stop) {
  while (s->head) {
    op *o = s->head;
    s->head = o->next;
    if (!s->head) s->tail = NULL;
    run_op(o);
    int last = o == stop;
    free(o);
    if (last) return;
  }
}

static void drain_all(void) {
  for (stream *s = streams; s; s = s->next) drain(s, NULL);
}

static int overlaps(const void *p, size_t bytes, const char *start, size_t length) {
  const char *c = p;
  return c < start + length && c + bytes > start;
}

/* Whether queued op o reads or writes memory in [start, start + length). */
static int touches(const op *o, const char *start, size_t length) {
  switch (o->kind) {
    case OP_COPY: return overlaps(o->dst, o->count, start, length) || overlaps(o->src, o->count, start, length);
    case OP_SET32: return overlaps(o->dst, o->count * 4, start, length);
    case OP_LAUNCH:
      for (int i = 0; o->types[i]; i++) {
        const char *p;
        memcpy(&p, o->args[i], sizeof p);
        if (o->types[i] == 'p' && overlaps(p, 1, start, length)) return 1;
      }
      return 0;
    default: return 0;
  }
}

/* Lagging mode: the stream that stays lazy while every other one runs its work at once. */
static int lagging_mode;
static int lagging_chosen;
static stream *lagging;

/* Called when work has been queued on s: in lagging mode, every stream but the lagging one runs it at once. */
static void queued(stream *s) {
  if (lagging_mode && s != lagging) drain(s, NULL);
}

static op *enqueue(stream *s, enum op_kind kind) {
  op *o = calloc(1, sizeof *o);
  o->kind = kind;
  if (s->tail) s->tail->next = o; else s->head = o;
  s->tail = o;
  return o;
}

/* Runs the work one recording of an event waits for: its stream up to that recording, if it has not run yet. */
static void complete_recording(event *e, long sequence) {
  for (stream *s = streams; s; s = s->next) {
    for (op *o = s->head; o; o = o->next) {
      if (o->kind == OP_EVENT && o->event == e && o->sequence == sequence) {
        drain(s, o);
        return;
      }
    }
  }
}

static void complete(event *e) {
  if (e->on) complete_recording(e, e->sequence);
}

/* Freeing memory that queued work still uses is a bug a real GPU may or may not show: report it, then run the work
   so that the stand-in itself does not touch freed memory. */
static void report_free_with_work_queued(const char *what, const char *start, size_t length) {
  for (stream *s = streams; s; s = s->next) {
    for (op *o = s->head; o; o = o->next) {
      if (touches(o, start, length)) {
        violations++;
        fprintf(stderr, "stand-in: %s of memory that work queued on a stream still uses\n", what);
        drain_all();
        return;
      }
    }
  }
}

/* ---- Memory ---- */

/* Pinned host buffers, so that copies can tell pinned memory (queued) from pageable (at once). */
static struct { char *start; size_t bytes; } pinned[256];

static int is_pinned(const void *p) {
  for (int i = 0; i < 256; i++) {
    if (pinned[i].start && (const char *) p >= pinned[i].start && (const char *) p < pinned[i].start + pinned[i].bytes)
      return 1;
  }
  return 0;
}

/* Each buffer's size sits in the 256 bytes before it, so that freeing gives its bytes back to cuMemGetInfo. */
int cuMemAlloc_v2(CUdeviceptr *pointer, size_t bytes) {
  if (bytes == 0 || allocated + bytes > LIMIT) return 2;
  char *p = aligned_alloc(256, 256 + (bytes + 255) / 256 * 256);
  if (!p) return 2;
  memcpy(p, &bytes, sizeof bytes);
  memset(p + 256, 0, bytes);
  allocated += bytes;
  live[0]++;
  *pointer = (CUdeviceptr) (uintptr_t) (p + 256);
  return 0;
}
int cuMemFree_v2(CUdeviceptr pointer) {
  char *p = (char *) (uintptr_t) pointer - 256;
  size_t bytes;
  memcpy(&bytes, p, sizeof bytes);
  report_free_with_work_queued("cuMemFree", p + 256, bytes);
  allocated -= bytes;
  free(p);
  live[0]--;
  return 0;
}
int cuMemHostAlloc(void **pointer, size_t bytes, unsigned flags) {
  if (++host_allocations == fail_host_allocation_at) return 2;
  *pointer = aligned_alloc(4096, (bytes + 4095) / 4096 * 4096);
  if (!*pointer || flags != 1) return 2;
  for (int i = 0; i < 256; i++) {
    if (!pinned[i].start) {
      pinned[i].start = *pointer;
      pinned[i].bytes = bytes;
      break;
    }
  }
  live[1]++;
  return 0;
}
int cuMemFreeHost(void *pointer) {
  for (int i = 0; i < 256; i++) {
    if (pinned[i].start == pointer) {
      report_free_with_work_queued("cuMemFreeHost", pointer, pinned[i].bytes);
      pinned[i].start = NULL;
    }
  }
  free(pointer);
  live[1]--;
  return 0;
}

/* A copy on a stream: queued when its host side is pinned (or both sides are on the device), else at once after
   the stream's earlier work, as CUDA's copies to and from pageable memory behave. */
static int copy(void *dst, const void *src, size_t bytes, const void *host, void *s) {
  if (!s) return 400;
  if (host && !is_pinned(host)) {
    drain(s, NULL);
    memmove(dst, src, bytes);
    return 0;
  }
  op *o = enqueue(s, OP_COPY);
  o->dst = dst;
  o->src = src;
  o->count = bytes;
  queued(s);
  return 0;
}
int cuMemcpyHtoDAsync_v2(CUdeviceptr dst, const void *src, size_t bytes, void *stream) {
  return copy((void *) (uintptr_t) dst, src, bytes, src, stream);
}
int cuMemcpyDtoHAsync_v2(void *dst, CUdeviceptr src, size_t bytes, void *stream) {
  return copy(dst, (void *) (uintptr_t) src, bytes, dst, stream);
}
int cuMemcpyDtoDAsync_v2(CUdeviceptr dst, CUdeviceptr src, size_t bytes, void *stream) {
  return copy((void *) (uintptr_t) dst, (void *) (uintptr_t) src, bytes, NULL, stream);
}
int cuMemsetD32Async(CUdeviceptr dst, unsigned value, size_t count, void *stream) {
  if (!stream) return 400;
  op *o = enqueue(stream, OP_SET32);
  o->dst = (void *) (uintptr_t) dst;
  o->count = count;
  o->value = value;
  queued(stream);
  return 0;
}

int cuStreamCreate(void **handle, unsigned flags) {
  stream *s = calloc(1, sizeof *s);
  s->next = streams;
  streams = s;
  if (lagging_mode && !lagging_chosen) {
    lagging = s;
    lagging_chosen = 1;
  }
  *handle = s;
  live[2]++;
  return flags == 1 ? 0 : 1;
}
int cuStreamSynchronize(void *s) {
  if (!s) return 400;
  drain(s, NULL);
  return 0;
}
/* Destroying a stream lets its queued work finish, as CUDA does. */
int cuStreamDestroy_v2(void *handle) {
  stream *s = handle;
  drain(s, NULL);
  if (s == lagging) lagging = NULL;
  for (stream **p = &streams; *p; p = &(*p)->next) {
    if (*p == s) {
      *p = s->next;
      break;
    }
  }
  free(s);
  live[2]--;
  return 0;
}
/* Work queued on s later waits for e's latest recording: that work runs when s's does, and no sooner. */
int cuStreamWaitEvent(void *s, void *handle, unsigned flags) {
  if (!s || !handle || flags != 0) return 400;
  event *e = handle;
  if (e->on) {
    op *o = enqueue(s, OP_WAIT);
    o->event = e;
    o->sequence = e->sequence;
    queued(s);
  }
  return 0;
}
int cuEventCreate(void **handle, unsigned flags) {
  *handle = calloc(1, sizeof(event));
  live[3]++;
  return flags == 0 ? 0 : 1;
}
/* On an idle stream an event happens at once (that keeps timings of idle streams true); else it is queued. */
int cuEventRecord(void *handle, void *s) {
  if (!s) return 400;
  event *e = handle;
  e->sequence++;
  if (!((stream *) s)->head) {
    e->time = now();
    e->on = NULL;
    return 0;
  }
  op *o = enqueue(s, OP_EVENT);
  o->event = e;
  o->sequence = e->sequence;
  e->on = s;
  queued(s);
  return 0;
}
int cuEventSynchronize(void *e) {
  if (!e) return 400;
  complete(e);
  return 0;
}
int cuEventElapsedTime_v2(float *ms, void *start, void *end) {
  if (((event *) start)->on || ((event *) end)->on) return 600; /* CUDA_ERROR_NOT_READY */
  *ms = (float) ((((event *) end)->time - ((event *) start)->time) * 1e3);
  return 0;
}
int cuEventDestroy_v2(void *e) { free(e); live[3]--; return 0; }
int cuModuleLoadData(void **module, const void *image) {
  const unsigned char *p = image;
  int elf = p[0] == 0x7f && p[1] == 'E' && p[2] == 'L' && p[3] == 'F';
  int ptx = strstr((const char *) image, ".version") != NULL;
  if (!elf && !ptx) return 200;
  *module = (void *) 0x5678;
  return 0;
}
int cuModuleUnload(void *module) { return module == (void *) 0x5678 ? 0 : 400; }
int cuModuleGetFunction(void **function, void *module, const char *name) {
  if (module != (void *) 0x5678 || strncmp(name, "tropic_", 7) != 0) return 500;
  *function = strdup(name);
  return 0;
}
int cuFuncSetAttribute(void *function, int attribute, int value) {
  if (!function || attribute != 8) return 1;
  last_attribute_value = value;
  return 0;
}
/* ---- The kernels' contracts (minplus.cu), one thread block at a time ---- */

enum path { EXACT_FLOAT, NONNEGATIVE_FLOAT, INT32 };

static enum path path_of(const char *kernel) {
  if (strstr(kernel, "exact_float")) return EXACT_FLOAT;
  if (strstr(kernel, "nonnegative_float")) return NONNEGATIVE_FLOAT;
  return INT32;
}

static int bits_of(float x) { int i; memcpy(&i, &x, 4); return i; }
static float float_of(int i) { float x; memcpy(&x, &i, 4); return x; }

static float infinity_of(enum path p) { return p == INT32 ? float_of(0x3fffffff) : float_of(0x7f800000); }

/* c <- min(c, a + b) in the path's arithmetic; exact float's fminf is t < c ? t : c on these values. The
   order of the minima does not matter: each is exact. */
static float relax(enum path p, float c, float a, float b) {
  switch (p) {
    case EXACT_FLOAT: { float t = a + b; return t < c ? t : c; }
    case NONNEGATIVE_FLOAT: { int t = bits_of(a + b); return bits_of(c) < t ? c : float_of(t); }
    default: { int t = bits_of(a) + bits_of(b); return bits_of(c) < t ? c : float_of(t); }
  }
}

/* One row of a block: acc[j] <- min(acc[j], a + b[j]), a loop per path so that the compiler can vectorize it. */
static void relax_row(enum path p, float *acc, float a, const float *b) {
  switch (p) {
    case EXACT_FLOAT:
      for (int j = 0; j < 128; j++) { float t = a + b[j]; acc[j] = t < acc[j] ? t : acc[j]; }
      break;
    case NONNEGATIVE_FLOAT: {
      int *c = (int *) acc;
      for (int j = 0; j < 128; j++) { int t = bits_of(a + b[j]); c[j] = t < c[j] ? t : c[j]; }
      break;
    }
    default: {
      int *c = (int *) acc;
      const int *bb = (const int *) b;
      int ai = bits_of(a);
      for (int j = 0; j < 128; j++) { int t = ai + bb[j]; c[j] = t < c[j] ? t : c[j]; }
    }
  }
}

/* tropic_srgemm_nt_*: the 128 x 128 block (bx, by) of C <- min(C, At^T (x) B), unless it is skipped. */
static void srgemm_block(enum path p, void **a, unsigned bx, unsigned by) {
  int m = *(int *) a[0], n = *(int *) a[1], k = *(int *) a[2];
  const float *at = *(float **) a[3]; int lda = *(int *) a[4];
  const float *b = *(float **) a[5]; int ldb = *(int *) a[6];
  float *c = *(float **) a[7]; int ldc = *(int *) a[8], accumulate = *(int *) a[9];
  int skip_row0 = *(int *) a[10], skip_row1 = *(int *) a[11], skip_col0 = *(int *) a[12], skip_col1 = *(int *) a[13];
  int upper_tile = *(int *) a[14];
  int row0 = by * 128, col0 = bx * 128;
  if (row0 >= m || col0 >= n) return;
  if ((row0 >= skip_row0 && row0 + 128 <= skip_row1) || (col0 >= skip_col0 && col0 + 128 <= skip_col1)) return;
  if (upper_tile > 0 && row0 / upper_tile > col0 / upper_tile) return;
  static float acc[128][128];
  for (int i = 0; i < 128; i++) {
    for (int j = 0; j < 128; j++) acc[i][j] = accumulate ? c[(size_t) (row0 + i) * ldc + col0 + j] : infinity_of(p);
  }
  for (int l = 0; l < k; l++) {
    for (int i = 0; i < 128; i++) relax_row(p, acc[i], at[(size_t) l * lda + row0 + i], b + (size_t) l * ldb + col0);
  }
  for (int i = 0; i < 128; i++) memcpy(c + (size_t) (row0 + i) * ldc + col0, acc[i], sizeof acc[i]);
}

/* tropic_closure_step_*: pivot k over the 32 x 32 block (bx, by) of the b x b tile. */
static void closure_step_block(enum path p, void **a, unsigned bx, unsigned by) {
  float *t = *(float **) a[0]; int ld = *(int *) a[1], b = *(int *) a[2], k = *(int *) a[3];
  for (int i = by * 32; i < (int) (by + 1) * 32 && i < b; i++) {
    for (int j = bx * 32; j < (int) (bx + 1) * 32 && j < b; j++) {
      t[(size_t) i * ld + j] = relax(p, t[(size_t) i * ld + j], t[(size_t) i * ld + k], t[(size_t) k * ld + j]);
    }
  }
}

/* tropic_closure_shared_*: the whole b x b tile, pivots in order (one block). */
static void closure_shared(enum path p, void **a) {
  float *t = *(float **) a[0]; int ld = *(int *) a[1], b = *(int *) a[2];
  for (int k = 0; k < b; k++) {
    for (int i = 0; i < b; i++) {
      for (int j = 0; j < b; j++) {
        t[(size_t) i * ld + j] = relax(p, t[(size_t) i * ld + j], t[(size_t) i * ld + k], t[(size_t) k * ld + j]);
      }
    }
  }
}

/* tropic_transpose: the 32 x 32 block (bx, by) of dst (cols x rows) <- src^T. */
static void transpose_block(void **a, unsigned bx, unsigned by) {
  int rows = *(int *) a[0], cols = *(int *) a[1];
  const float *src = *(float **) a[2]; int lds = *(int *) a[3];
  float *dst = *(float **) a[4]; int ldd = *(int *) a[5];
  for (int r = by * 32; r < (int) (by + 1) * 32 && r < rows; r++) {
    for (int col = bx * 32; col < (int) (bx + 1) * 32 && col < cols; col++) {
      dst[(size_t) col * ldd + r] = src[(size_t) r * lds + col];
    }
  }
}

/* tropic_fill: block (bx, by) sets columns bx*128.. of rows by, by + gy, ... to +inf, the diagonal of the first n
 * rows to zero. */
static void fill_block(void **a, unsigned bx, unsigned by, unsigned gy) {
  float *d = *(float **) a[0]; int nn = *(int *) a[1], n = *(int *) a[2];
  float inf = *(float *) a[3], zero = *(float *) a[4];
  for (int row = by; row < nn; row += gy) {
    for (int col = bx * 128; col < (int) (bx + 1) * 128; col++) d[(size_t) row * nn + col] = row == col && row < n
        ? zero : inf;
  }
}

/* tropic_arcs_*: block bx takes rows row0 + bx*256 .. of its 256 threads, each row's arcs in order. */
static void arcs_block(enum path p, void **a, unsigned bx) {
  const int *offsets = *(int **) a[0], *targets = *(int **) a[1];
  const float *values = *(float **) a[2];
  int arc_base = *(int *) a[3], row0 = *(int *) a[4], rows = *(int *) a[5];
  float *d = *(float **) a[6]; int nn = *(int *) a[7];
  for (int r = bx * 256; r < (int) (bx + 1) * 256 && r < rows; r++) {
    float *row = d + (size_t) (row0 + r) * nn;
    for (int i = offsets[r] - arc_base; i < offsets[r + 1] - arc_base; i++) {
      row[targets[i]] = relax(p, row[targets[i]], values[i], 0.0f);
    }
  }
}

/* tropic_decode_int32: block bx of gx, 256 threads, grid-strided over count values. */
static void decode_block(void **a, unsigned bx, unsigned gx) {
  float *d = *(float **) a[0]; long long count = *(long long *) a[1];
  for (long long t = 0; t < 256; t++) {
    for (long long i = bx * 256LL + t; i < count; i += gx * 256LL) {
      int bits = bits_of(d[i]);
      d[i] = bits >= 0x3fffffff ? float_of(0x7f800000) : (float) bits;
    }
  }
}

static void run_kernel(const char *kernel, unsigned gx, unsigned gy, void **params) {
  enum path p = path_of(kernel);
  if (strstr(kernel, "closure_shared")) {
    closure_shared(p, params);
    return;
  }
  for (unsigned by = 0; by < gy; by++) {
    for (unsigned bx = 0; bx < gx; bx++) {
      if (strncmp(kernel, "tropic_srgemm", 13) == 0) srgemm_block(p, params, bx, by);
      else if (strstr(kernel, "closure_step")) closure_step_block(p, params, bx, by);
      else if (strcmp(kernel, "tropic_transpose") == 0) transpose_block(params, bx, by);
      else if (strcmp(kernel, "tropic_fill") == 0) fill_block(params, bx, by, gy);
      else if (strncmp(kernel, "tropic_arcs_", 12) == 0) arcs_block(p, params, bx);
      else if (strcmp(kernel, "tropic_decode_int32") == 0) decode_block(params, bx, gx);
    }
  }
}

int cuLaunchKernel(void *function, unsigned gx, unsigned gy, unsigned gz, unsigned bx, unsigned by, unsigned bz,
    unsigned shared, void *stream, void **params, void **extra) {
  if (!function || !stream || !params || extra || gx == 0 || gy == 0 || gz == 0 || bx * by * bz > 1024) return 1;
  launches++;
  strncpy(last_kernel, (const char *) function, sizeof last_kernel - 1);
  unsigned dims[7] = {gx, gy, gz, bx, by, bz, shared};
  memcpy(last_dims, dims, sizeof dims);
  /* The parameter types of each kernel: i = int (4 bytes), p = pointer or long long (8 bytes). */
  const char *types = "";
  if (strncmp(last_kernel, "tropic_srgemm", 13) == 0) types = "iiipipipiiiiiii";
  else if (strncmp(last_kernel, "tropic_closure_shared", 21) == 0) types = "pii";
  else if (strncmp(last_kernel, "tropic_closure_step", 19) == 0) types = "piii";
  else if (strcmp(last_kernel, "tropic_transpose") == 0) types = "iipipi";
  else if (strcmp(last_kernel, "tropic_fill") == 0) types = "piiii";
  else if (strncmp(last_kernel, "tropic_arcs_", 12) == 0) types = "pppiiipi";
  else if (strcmp(last_kernel, "tropic_decode_int32") == 0) types = "pp";
  else if (strcmp(last_kernel, "tropic_clock_spin") == 0) types = "pp";
  for (int i = 0; types[i]; i++) {
    if (types[i] == 'i') last_ints[i] = *(int *) params[i];
    else last_longs[i] = *(long long *) params[i];
  }
  if (strcmp(last_kernel, "tropic_clock_spin") != 0) {
    op *o = enqueue(stream, OP_LAUNCH);
    memcpy(o->kernel, last_kernel, sizeof o->kernel);
    o->types = types;
    o->gx = gx;
    o->gy = gy;
    for (int i = 0; types[i]; i++) memcpy(o->args[i], params[i], types[i] == 'i' ? 4 : 8);
    queued(stream);
  }
  return 0;
}
static const char *names[] = {"CUDA_SUCCESS", "CUDA_ERROR_INVALID_VALUE", "CUDA_ERROR_OUT_OF_MEMORY"};
int cuGetErrorName(int error, const char **name) {
  if (error < 0 || error > 2) return 1;
  *name = names[error];
  return 0;
}
int cuGetErrorString(int error, const char **text) {
  static const char *texts[] = {"no error", "invalid argument", "out of memory"};
  if (error < 0 || error > 2) return 1;
  *text = texts[error];
  return 0;
}

int stand_in_launches(void) { return launches; }
const char *stand_in_last_kernel(void) { return last_kernel; }
unsigned stand_in_last_dimension(int i) { return last_dims[i]; }
int stand_in_last_int(int i) { return last_ints[i]; }
long long stand_in_last_long(int i) { return last_longs[i]; }
int stand_in_attribute_value(void) { return last_attribute_value; }
size_t stand_in_allocated(void) { return allocated; }
int stand_in_live(int kind) { return live[kind]; }
int stand_in_host_allocations(void) { return host_allocations; }
void stand_in_fail_host_allocation(int at) { fail_host_allocation_at = at; }
int stand_in_violations(void) { return violations; }
void stand_in_lag_first_stream(int on) { lagging_mode = on; lagging = NULL; lagging_chosen = 0; }
