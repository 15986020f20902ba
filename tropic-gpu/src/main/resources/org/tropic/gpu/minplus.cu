// Tropic's min-plus kernels for NVIDIA GPUs: the semiring GEMM (SRGEMM) C <- min(C, A (x) B), the in-tile
// Floyd-Warshall closure, and the small helpers blocked Floyd-Warshall needs (transpose, clock probe).
//
// Compiled at first use by NVRTC for the device's own architecture (org.tropic.gpu.KernelCompiler) and, in the
// build, by nvcc for sm_90 and a generic target (KernelSourceCompilesTest), so a broken kernel fails CI.
// No #include: NVRTC has no standard headers, and nothing here needs one.
//
// Layout ("NT", the form COAST found fastest, SC22 section IV-C): every operand is row-major, and the left operand
// is given transposed, k x m, so both operands stream along k in rows that are contiguous in m and n. A k-slice of
// either operand is then one coalesced 16-byte-per-thread load straight into shared memory, with no transpose on
// the way. Sizes are padded by the caller: m and n to multiples of 128, k to a multiple of 16, leading dimensions
// to multiples of 4 floats, pointers 16-byte aligned; padding holds the arithmetic's +infinity.
//
// Arithmetic: three paths that match org.tropic.semiring.ScalarMinPlusKernels bit for bit on the same stored values
// (up to the sign of a zero, see ExactFloat).
//   exact_float        t = a + b (IEEE, round to nearest); c = fminf(t, c), which is t < c ? t : c here
//   nonnegative_float  t = a + b; c = min on the bits as signed ints (non-negative floats and +inf order like ints)
//   int32              c = min(c, a + b) on int32 bits; +inf is 0x3FFFFFFF, so a + b never overflows
//   int32_dpx          the same as int32 through the Hopper DPX intrinsic __viaddmin_s32 (only with TROPIC_DPX)

#define TROPIC_TILE_M 128
#define TROPIC_TILE_N 128
#define TROPIC_TILE_K 16
#define TROPIC_THREADS 256
#define TROPIC_CLOSURE_SIDE 32
#define TROPIC_TRANSPOSE_SIDE 32

#if defined(TROPIC_DPX) && defined(__CUDA_ARCH__) && __CUDA_ARCH__ < 900
#error "TROPIC_DPX needs sm_90 or newer: DPX instructions are Hopper's"
#endif

// fminf is one FMNMX, where the CPU's t < c ? t : c is a compare and a select (FSETP + FSEL): with FADD that is
// three instructions an update instead of two, which caps the SRGEMM at 2/3 of the min-plus peak (sm_90 SASS of the
// loop: 1 FADD, 1 FSETP, 1 FSEL per update). The two differ only where c is NaN, which never happens (inputs are
// finite or +inf; a NaN t, from -inf + +inf, loses to c either way), and in which zero a tie of -0 and +0 keeps,
// which is the same distance.
struct ExactFloat {
  static __device__ __forceinline__ float infinity() { return __int_as_float(0x7f800000); }
  static __device__ __forceinline__ float relax(float c, float a, float b) {
    return fminf(__fadd_rn(a, b), c);
  }
};

struct NonNegativeFloat {
  static __device__ __forceinline__ float infinity() { return __int_as_float(0x7f800000); }
  static __device__ __forceinline__ float relax(float c, float a, float b) {
    return __int_as_float(min(__float_as_int(c), __float_as_int(__fadd_rn(a, b))));
  }
};

struct Int32 {
  static __device__ __forceinline__ float infinity() { return __int_as_float(0x3fffffff); }
  static __device__ __forceinline__ float relax(float c, float a, float b) {
    return __int_as_float(min(__float_as_int(c), __float_as_int(a) + __float_as_int(b)));
  }
};

#if defined(TROPIC_DPX)
struct Int32Dpx {
  static __device__ __forceinline__ float infinity() { return __int_as_float(0x3fffffff); }
  static __device__ __forceinline__ float relax(float c, float a, float b) {
    return __int_as_float(__viaddmin_s32(__float_as_int(a), __float_as_int(b), __float_as_int(c)));
  }
};
#endif

// ---- SRGEMM, NT form -------------------------------------------------------------------------------------------
//
// A 128 x 128 tile of C per block of 256 threads (16 x 16), 8 x 8 values of C per thread held in registers for the
// whole k loop, k in steps of 16 through two shared-memory buffers: while the block computes on one, the next
// k-slice is already on its way from global memory into registers and is stored into the other buffer afterwards,
// so each step needs a single barrier. A thread's 8 rows are two runs of 4 (ty*4.. and 64+ty*4..), and likewise its
// columns, so its operands come from shared memory as four 16-byte loads per k that a warp serves without bank
// conflicts. Per k each thread does 64 updates from 4 shared loads.
//
// A block whose rows lie inside [skipRow0, skipRow1) or whose columns lie inside [skipCol0, skipCol1) returns at
// once: blocked Floyd-Warshall uses this to leave the pivot row and column of tiles alone (their update is the
// panel step's). With upperTile = t > 0, so does a block below the diagonal of t x t tiles (row0 / t > col0 / t):
// a symmetric matrix is solved on the tiles on and above the diagonal only. With accumulate == 0 the block ignores
// C's old values and writes A (x) B.

template <class P>
__device__ __forceinline__ void srgemmNt(int m, int n, int k, const float* __restrict__ at, int lda,
    const float* __restrict__ b, int ldb, float* __restrict__ c, int ldc, int accumulate,
    int skipRow0, int skipRow1, int skipCol0, int skipCol1, int upperTile) {
  const int row0 = blockIdx.y * TROPIC_TILE_M;
  const int col0 = blockIdx.x * TROPIC_TILE_N;
  if (row0 >= m || col0 >= n) {
    return;
  }
  if ((row0 >= skipRow0 && row0 + TROPIC_TILE_M <= skipRow1)
      || (col0 >= skipCol0 && col0 + TROPIC_TILE_N <= skipCol1)
      || (upperTile > 0 && row0 / upperTile > col0 / upperTile)) {
    return;
  }
  __shared__ __align__(16) float as[2][TROPIC_TILE_K][TROPIC_TILE_M];
  __shared__ __align__(16) float bs[2][TROPIC_TILE_K][TROPIC_TILE_N];

  const int tid = threadIdx.x;
  const int tx = tid & 15;
  const int ty = tid >> 4;
  // Loading a 16 x 128 slice takes 512 float4s: this thread's are rows loadRow and loadRow + 8 at column loadCol.
  const int loadRow = tid >> 5;
  const int loadCol = (tid & 31) << 2;
  const float* aNext = at + (size_t) loadRow * lda + row0 + loadCol;
  const float* bNext = b + (size_t) loadRow * ldb + col0 + loadCol;
  const size_t aHalf = (size_t) 8 * lda;
  const size_t bHalf = (size_t) 8 * ldb;
  const size_t aStep = (size_t) TROPIC_TILE_K * lda;
  const size_t bStep = (size_t) TROPIC_TILE_K * ldb;

  float4 pa0 = *reinterpret_cast<const float4*>(aNext);
  float4 pa1 = *reinterpret_cast<const float4*>(aNext + aHalf);
  float4 pb0 = *reinterpret_cast<const float4*>(bNext);
  float4 pb1 = *reinterpret_cast<const float4*>(bNext + bHalf);
  *reinterpret_cast<float4*>(&as[0][loadRow][loadCol]) = pa0;
  *reinterpret_cast<float4*>(&as[0][loadRow + 8][loadCol]) = pa1;
  *reinterpret_cast<float4*>(&bs[0][loadRow][loadCol]) = pb0;
  *reinterpret_cast<float4*>(&bs[0][loadRow + 8][loadCol]) = pb1;

  float acc[8][8];
  float* cBase = c + (size_t) (row0 + ty * 4) * ldc + col0 + tx * 4;
#pragma unroll
  for (int i = 0; i < 8; ++i) {
    const float* cRow = cBase + (size_t) ((i & 3) + (i >> 2) * 64) * ldc;
    if (accumulate) {
      float4 lo = *reinterpret_cast<const float4*>(cRow);
      float4 hi = *reinterpret_cast<const float4*>(cRow + 64);
      acc[i][0] = lo.x; acc[i][1] = lo.y; acc[i][2] = lo.z; acc[i][3] = lo.w;
      acc[i][4] = hi.x; acc[i][5] = hi.y; acc[i][6] = hi.z; acc[i][7] = hi.w;
    } else {
#pragma unroll
      for (int j = 0; j < 8; ++j) {
        acc[i][j] = P::infinity();
      }
    }
  }
  __syncthreads();

  const int steps = k / TROPIC_TILE_K;
  int cur = 0;
  for (int s = 0; s < steps; ++s) {
    const bool more = s + 1 < steps;
    if (more) {
      aNext += aStep;
      bNext += bStep;
      pa0 = *reinterpret_cast<const float4*>(aNext);
      pa1 = *reinterpret_cast<const float4*>(aNext + aHalf);
      pb0 = *reinterpret_cast<const float4*>(bNext);
      pb1 = *reinterpret_cast<const float4*>(bNext + bHalf);
    }
#pragma unroll
    for (int l = 0; l < TROPIC_TILE_K; ++l) {
      const float4 a0 = *reinterpret_cast<const float4*>(&as[cur][l][ty * 4]);
      const float4 a1 = *reinterpret_cast<const float4*>(&as[cur][l][64 + ty * 4]);
      const float4 b0 = *reinterpret_cast<const float4*>(&bs[cur][l][tx * 4]);
      const float4 b1 = *reinterpret_cast<const float4*>(&bs[cur][l][64 + tx * 4]);
      const float av[8] = {a0.x, a0.y, a0.z, a0.w, a1.x, a1.y, a1.z, a1.w};
      const float bv[8] = {b0.x, b0.y, b0.z, b0.w, b1.x, b1.y, b1.z, b1.w};
#pragma unroll
      for (int i = 0; i < 8; ++i) {
#pragma unroll
        for (int j = 0; j < 8; ++j) {
          acc[i][j] = P::relax(acc[i][j], av[i], bv[j]);
        }
      }
    }
    if (more) {
      const int nxt = cur ^ 1;
      *reinterpret_cast<float4*>(&as[nxt][loadRow][loadCol]) = pa0;
      *reinterpret_cast<float4*>(&as[nxt][loadRow + 8][loadCol]) = pa1;
      *reinterpret_cast<float4*>(&bs[nxt][loadRow][loadCol]) = pb0;
      *reinterpret_cast<float4*>(&bs[nxt][loadRow + 8][loadCol]) = pb1;
    }
    __syncthreads();
    cur ^= 1;
  }

#pragma unroll
  for (int i = 0; i < 8; ++i) {
    float* cRow = cBase + (size_t) ((i & 3) + (i >> 2) * 64) * ldc;
    *reinterpret_cast<float4*>(cRow) = make_float4(acc[i][0], acc[i][1], acc[i][2], acc[i][3]);
    *reinterpret_cast<float4*>(cRow + 64) = make_float4(acc[i][4], acc[i][5], acc[i][6], acc[i][7]);
  }
}

#define TROPIC_SRGEMM_ENTRY(NAME, PATH)                                                                       \
  extern "C" __global__ void __launch_bounds__(TROPIC_THREADS, 2) NAME(int m, int n, int k,                  \
      const float* __restrict__ at, int lda, const float* __restrict__ b, int ldb, float* __restrict__ c,   \
      int ldc, int accumulate, int skipRow0, int skipRow1, int skipCol0, int skipCol1, int upperTile) {      \
    srgemmNt<PATH>(m, n, k, at, lda, b, ldb, c, ldc, accumulate, skipRow0, skipRow1, skipCol0, skipCol1,    \
        upperTile);                                                                                          \
  }

TROPIC_SRGEMM_ENTRY(tropic_srgemm_nt_exact_float, ExactFloat)
TROPIC_SRGEMM_ENTRY(tropic_srgemm_nt_nonnegative_float, NonNegativeFloat)
TROPIC_SRGEMM_ENTRY(tropic_srgemm_nt_int32, Int32)
#if defined(TROPIC_DPX)
TROPIC_SRGEMM_ENTRY(tropic_srgemm_nt_int32_dpx, Int32Dpx)
#endif

// ---- Diagonal closure: Floyd-Warshall inside one b x b tile ----------------------------------------------------
//
// The same update order as ScalarMinPlusKernels.closure: pivot k = 0, 1, ..., b-1, each relaxing every entry
// through k. Within one pivot the entries are independent as long as the diagonal is >= 0 (row k and column k do
// not change: x + 0 == x), so the order inside a pivot does not matter and the results agree bit for bit. A
// negative diagonal entry means a negative cycle; the host checks the diagonal after every closure and stops.
//
// closureShared: one block of 32 x 32 threads holds the whole tile in shared memory (b*b*4 bytes; b = 128 needs
// 64 KB, above the 48 KB default, so the host raises the block's dynamic shared-memory limit first).
// closureStep: one pivot per launch over the tile in global memory, for tiles too large for shared memory.

template <class P>
__device__ __forceinline__ void closureShared(float* t, int ld, int b) {
  extern __shared__ __align__(16) float s[];
  const int tx = threadIdx.x;
  const int ty = threadIdx.y;
  for (int i = ty; i < b; i += TROPIC_CLOSURE_SIDE) {
    for (int j = tx; j < b; j += TROPIC_CLOSURE_SIDE) {
      s[i * b + j] = t[(size_t) i * ld + j];
    }
  }
  __syncthreads();
  for (int k = 0; k < b; ++k) {
    const float* kRow = s + k * b;
    for (int i = ty; i < b; i += TROPIC_CLOSURE_SIDE) {
      float* iRow = s + i * b;
      const float aik = iRow[k];
      for (int j = tx; j < b; j += TROPIC_CLOSURE_SIDE) {
        iRow[j] = P::relax(iRow[j], aik, kRow[j]);
      }
    }
    __syncthreads();
  }
  for (int i = ty; i < b; i += TROPIC_CLOSURE_SIDE) {
    for (int j = tx; j < b; j += TROPIC_CLOSURE_SIDE) {
      t[(size_t) i * ld + j] = s[i * b + j];
    }
  }
}

template <class P>
__device__ __forceinline__ void closureStep(float* t, int ld, int b, int k) {
  const int i = blockIdx.y * TROPIC_CLOSURE_SIDE + threadIdx.y;
  const int j = blockIdx.x * TROPIC_CLOSURE_SIDE + threadIdx.x;
  if (i < b && j < b) {
    float* tij = t + (size_t) i * ld + j;
    *tij = P::relax(*tij, t[(size_t) i * ld + k], t[(size_t) k * ld + j]);
  }
}

#define TROPIC_CLOSURE_ENTRIES(SUFFIX, PATH)                                                                  \
  extern "C" __global__ void __launch_bounds__(TROPIC_CLOSURE_SIDE * TROPIC_CLOSURE_SIDE)                    \
      tropic_closure_shared_##SUFFIX(float* t, int ld, int b) {                                               \
    closureShared<PATH>(t, ld, b);                                                                            \
  }                                                                                                           \
  extern "C" __global__ void __launch_bounds__(TROPIC_CLOSURE_SIDE * TROPIC_CLOSURE_SIDE)                    \
      tropic_closure_step_##SUFFIX(float* t, int ld, int b, int k) {                                          \
    closureStep<PATH>(t, ld, b, k);                                                                           \
  }

TROPIC_CLOSURE_ENTRIES(exact_float, ExactFloat)
TROPIC_CLOSURE_ENTRIES(nonnegative_float, NonNegativeFloat)
TROPIC_CLOSURE_ENTRIES(int32, Int32)

// ---- Building the matrix on the device, and decoding it ------------------------------------------------------
//
// The resident solver makes the N x N matrix where it lives instead of filling N^2 floats on the host and uploading
// them: fill sets +inf with a zero diagonal for the n real vertices, then one thread per vertex takes the min of
// its arcs' stored values into its row, in the order of the graph's arcs, exactly as HostMatrix.ofArcs does (the
// lightest of repeated arcs; a self-loop against the zero diagonal). Zero is the bit pattern 0 in every arithmetic,
// so relax(d, w, 0) is min(d, w). At the end an int32 solve's stored values are turned into float32 distances there
// too (Arithmetic.decode: +inf from the int infinity up, else the int rounded to nearest), before the download.

// Rows row0.. of d, 128 columns a block (blockIdx.x), rows strided by gridDim.y: 32 threads, one float4 each.
extern "C" __global__ void __launch_bounds__(32) tropic_fill(float* __restrict__ d, int nn, int n, float inf,
    float zero) {
  const int col = blockIdx.x * 128 + threadIdx.x * 4;
  for (int row = blockIdx.y; row < nn; row += gridDim.y) {
    float4 v = make_float4(inf, inf, inf, inf);
    if (row < n && row >= col && row < col + 4) {
      (&v.x)[row - col] = zero;
    }
    *reinterpret_cast<float4*>(d + (size_t) row * nn + col) = v;
  }
}

// Rows row0 .. row0 + rows of the graph: offsets[r] - arcBase indexes targets and values, which hold those rows' arcs.
template <class P>
__device__ __forceinline__ void addArcs(const int* __restrict__ offsets, const int* __restrict__ targets,
    const float* __restrict__ values, int arcBase, int row0, int rows, float* __restrict__ d, int nn) {
  const int r = blockIdx.x * blockDim.x + threadIdx.x;
  if (r >= rows) {
    return;
  }
  float* row = d + (size_t) (row0 + r) * nn;
  for (int a = offsets[r] - arcBase; a < offsets[r + 1] - arcBase; ++a) {
    const int v = targets[a];
    row[v] = P::relax(row[v], values[a], 0.0f);
  }
}

#define TROPIC_ARCS_ENTRY(SUFFIX, PATH)                                                                       \
  extern "C" __global__ void __launch_bounds__(256) tropic_arcs_##SUFFIX(const int* __restrict__ offsets,    \
      const int* __restrict__ targets, const float* __restrict__ values, int arcBase, int row0, int rows,     \
      float* __restrict__ d, int nn) {                                                                        \
    addArcs<PATH>(offsets, targets, values, arcBase, row0, rows, d, nn);                                      \
  }

TROPIC_ARCS_ENTRY(exact_float, ExactFloat)
TROPIC_ARCS_ENTRY(nonnegative_float, NonNegativeFloat)
TROPIC_ARCS_ENTRY(int32, Int32)

// Every one of count stored int32 values, grid-strided: +inf from 0x3fffffff up, else the int as a float.
extern "C" __global__ void __launch_bounds__(256) tropic_decode_int32(float* __restrict__ d, long long count) {
  for (long long i = (long long) blockIdx.x * blockDim.x + threadIdx.x; i < count;
      i += (long long) gridDim.x * blockDim.x) {
    const int bits = __float_as_int(d[i]);
    d[i] = bits >= 0x3fffffff ? __int_as_float(0x7f800000) : __int2float_rn(bits);
  }
}

// ---- Helpers ---------------------------------------------------------------------------------------------------

// dst (cols x rows) <- transpose of src (rows x cols); both sides multiples of 32. Staged through a padded shared
// tile so that both the read and the write are coalesced. Blocks of 32 x 8 threads.
extern "C" __global__ void __launch_bounds__(TROPIC_TRANSPOSE_SIDE * 8) tropic_transpose(int rows, int cols,
    const float* __restrict__ src, int lds, float* __restrict__ dst, int ldd) {
  __shared__ float tile[TROPIC_TRANSPOSE_SIDE][TROPIC_TRANSPOSE_SIDE + 1];
  const int col = blockIdx.x * TROPIC_TRANSPOSE_SIDE + threadIdx.x;
  const int row0 = blockIdx.y * TROPIC_TRANSPOSE_SIDE;
  for (int r = threadIdx.y; r < TROPIC_TRANSPOSE_SIDE; r += 8) {
    if (row0 + r < rows && col < cols) {
      tile[r][threadIdx.x] = src[(size_t) (row0 + r) * lds + col];
    }
  }
  __syncthreads();
  const int outCol = row0 + threadIdx.x;
  const int outRow0 = blockIdx.x * TROPIC_TRANSPOSE_SIDE;
  for (int r = threadIdx.y; r < TROPIC_TRANSPOSE_SIDE; r += 8) {
    if (outRow0 + r < cols && outCol < rows) {
      dst[(size_t) (outRow0 + r) * ldd + outCol] = tile[threadIdx.x][r];
    }
  }
}

// Spins each block for `cycles` SM clocks and records how many it really took: the host times the launch with
// events, and cycles / seconds is the SM clock while the GPU is busy (the min-plus peak is counted from it).
extern "C" __global__ void tropic_clock_spin(long long cycles, long long* elapsed) {
  const long long start = clock64();
  long long now = start;
  while (now - start < cycles) {
    now = clock64();
  }
  if (threadIdx.x == 0) {
    elapsed[blockIdx.x] = now - start;
  }
}
