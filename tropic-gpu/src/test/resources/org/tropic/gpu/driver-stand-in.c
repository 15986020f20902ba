/*
 * A stand-in for libcuda.so.1 that computes nothing, for testing Tropic's FFM bindings where no GPU is present:
 * every entry point Tropic binds, with the C signature of the CUDA 13 cuda.h. "Device" memory is host memory, copies
 * are memcpy, kernel launches are recorded (name, dimensions, the values their parameters point to) and do nothing.
 * The stand_in_* functions let the test read what was recorded. Built by CudaBindingStandInTest with the system's
 * C compiler.
 */
#include <stdint.h>
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
int cuCtxSynchronize(void) { return current_context ? 0 : 201; }
int cuMemGetInfo_v2(size_t *free_bytes, size_t *total) {
  *free_bytes = LIMIT - allocated;
  *total = LIMIT;
  return 0;
}
int cuMemAlloc_v2(CUdeviceptr *pointer, size_t bytes) {
  if (bytes == 0 || allocated + bytes > LIMIT) return 2;
  void *p = aligned_alloc(256, (bytes + 255) / 256 * 256);
  if (!p) return 2;
  memset(p, 0, bytes);
  allocated += bytes;
  live[0]++;
  *pointer = (CUdeviceptr) (uintptr_t) p;
  return 0;
}
int cuMemFree_v2(CUdeviceptr pointer) { free((void *) (uintptr_t) pointer); live[0]--; return 0; }
int cuMemHostAlloc(void **pointer, size_t bytes, unsigned flags) {
  if (++host_allocations == fail_host_allocation_at) return 2;
  *pointer = aligned_alloc(4096, (bytes + 4095) / 4096 * 4096);
  if (!*pointer || flags != 1) return 2;
  live[1]++;
  return 0;
}
int cuMemFreeHost(void *pointer) { free(pointer); live[1]--; return 0; }
int cuMemcpyHtoDAsync_v2(CUdeviceptr dst, const void *src, size_t bytes, void *stream) {
  memcpy((void *) (uintptr_t) dst, src, bytes);
  return stream ? 0 : 400;
}
int cuMemcpyDtoHAsync_v2(void *dst, CUdeviceptr src, size_t bytes, void *stream) {
  memcpy(dst, (void *) (uintptr_t) src, bytes);
  return stream ? 0 : 400;
}
int cuMemcpyDtoDAsync_v2(CUdeviceptr dst, CUdeviceptr src, size_t bytes, void *stream) {
  memmove((void *) (uintptr_t) dst, (void *) (uintptr_t) src, bytes);
  return stream ? 0 : 400;
}
int cuMemsetD32Async(CUdeviceptr dst, unsigned value, size_t count, void *stream) {
  unsigned *p = (unsigned *) (uintptr_t) dst;
  for (size_t i = 0; i < count; i++) p[i] = value;
  return stream ? 0 : 400;
}
int cuStreamCreate(void **stream, unsigned flags) { *stream = malloc(16); live[2]++; return flags == 1 ? 0 : 1; }
int cuStreamSynchronize(void *stream) { return stream ? 0 : 400; }
int cuStreamDestroy_v2(void *stream) { free(stream); live[2]--; return 0; }
int cuStreamWaitEvent(void *stream, void *event, unsigned flags) { return stream && event && flags == 0 ? 0 : 400; }
int cuEventCreate(void **event, unsigned flags) {
  *event = calloc(1, sizeof(double));
  live[3]++;
  return flags == 0 ? 0 : 1;
}
int cuEventRecord(void *event, void *stream) { *(double *) event = now(); return stream ? 0 : 400; }
int cuEventSynchronize(void *event) { return event ? 0 : 400; }
int cuEventElapsedTime_v2(float *ms, void *start, void *end) {
  *ms = (float) ((*(double *) end - *(double *) start) * 1e3);
  return 0;
}
int cuEventDestroy_v2(void *event) { free(event); live[3]--; return 0; }
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
int cuLaunchKernel(void *function, unsigned gx, unsigned gy, unsigned gz, unsigned bx, unsigned by, unsigned bz,
    unsigned shared, void *stream, void **params, void **extra) {
  if (!function || !stream || !params || extra || gx == 0 || gy == 0 || gz == 0 || bx * by * bz > 1024) return 1;
  launches++;
  strncpy(last_kernel, (const char *) function, sizeof last_kernel - 1);
  unsigned dims[7] = {gx, gy, gz, bx, by, bz, shared};
  memcpy(last_dims, dims, sizeof dims);
  /* The parameter types of each kernel: i = int (4 bytes), p = pointer or long long (8 bytes). */
  const char *types = "";
  if (strncmp(last_kernel, "tropic_srgemm", 13) == 0) types = "iiipipipiiiiii";
  else if (strncmp(last_kernel, "tropic_closure_shared", 21) == 0) types = "pii";
  else if (strncmp(last_kernel, "tropic_closure_step", 19) == 0) types = "piii";
  else if (strcmp(last_kernel, "tropic_transpose") == 0) types = "iipipi";
  else if (strcmp(last_kernel, "tropic_clock_spin") == 0) types = "pp";
  for (int i = 0; types[i]; i++) {
    if (types[i] == 'i') last_ints[i] = *(int *) params[i];
    else last_longs[i] = *(long long *) params[i];
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
