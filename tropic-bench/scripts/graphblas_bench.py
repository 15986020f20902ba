#!/usr/bin/python3
"""SuiteSparse:GraphBLAS side of SparseBench: plus_times mxv and a masked BFS on the very matrix Tropic used.

Reads the matrix as two raw little-endian int32 files (rows, columns; pattern, values 1) and the dense vector x as
raw float32, times GrB_mxv with the PLUS_TIMES_FP32 semiring on x held in full format (median of repeated calls;
x must not be iso-valued, or GraphBLAS would skip reading it) and writes the product for the caller to check and a level BFS (LOR_LAND mxv with the
complemented visited set as a replace mask, as in LAGraph's basic BFS), and prints one JSON object.
Needs Debian's python3-suitesparse-graphblas (raw cffi bindings).
"""
import argparse
import json
import statistics
import sys
import time

import numpy as np
from suitesparse_graphblas import ffi, lib


def ok(info, what):
    if info != lib.GrB_SUCCESS:
        raise RuntimeError(f"{what} failed with GraphBLAS info {info}")


def main():
    p = argparse.ArgumentParser()
    p.add_argument("--rows", required=True)
    p.add_argument("--cols", required=True)
    p.add_argument("--n", type=int, required=True)
    p.add_argument("--x", required=True, help="raw float32 input vector")
    p.add_argument("--y-out", required=True, help="where the product y = A x goes, raw float32")
    p.add_argument("--threads", type=int, required=True)
    p.add_argument("--seconds", type=float, default=2.0)
    p.add_argument("--source", type=int, default=0)
    a = p.parse_args()

    ok(lib.GrB_init(lib.GrB_NONBLOCKING), "GrB_init")
    ok(lib.GxB_Global_Option_set_INT32(lib.GxB_GLOBAL_NTHREADS, a.threads), "set threads")
    rows = np.fromfile(a.rows, dtype="<i4").astype(np.uint64)
    cols = np.fromfile(a.cols, dtype="<i4").astype(np.uint64)
    nnz = len(rows)
    vals = np.ones(nnz, dtype=np.float32)
    n = a.n

    A = ffi.new("GrB_Matrix*")
    ok(lib.GrB_Matrix_new(A, lib.GrB_FP32, n, n), "GrB_Matrix_new")
    ok(lib.GrB_Matrix_build_FP32(A[0], ffi.cast("GrB_Index*", rows.ctypes.data),
                                 ffi.cast("GrB_Index*", cols.ctypes.data), ffi.cast("float*", vals.ctypes.data),
                                 nnz, lib.GrB_PLUS_FP32), "GrB_Matrix_build")
    ok(lib.GrB_Matrix_wait(A[0], lib.GrB_MATERIALIZE), "wait A")

    u = ffi.new("GrB_Vector*")
    w = ffi.new("GrB_Vector*")
    ok(lib.GrB_Vector_new(u, lib.GrB_FP32, n), "u")
    ok(lib.GrB_Vector_new(w, lib.GrB_FP32, n), "w")
    x = np.fromfile(a.x, dtype="<f4")
    if len(x) != n:
        raise RuntimeError(f"{a.x}: {len(x)} values for n = {n}")
    ok(lib.GxB_Vector_Option_set_INT32(u[0], lib.GxB_SPARSITY_CONTROL, lib.GxB_FULL), "u full")
    every = np.arange(n, dtype=np.uint64)
    ok(lib.GrB_Vector_build_FP32(u[0], ffi.cast("GrB_Index*", every.ctypes.data), ffi.cast("float*", x.ctypes.data),
                                 n, lib.GrB_PLUS_FP32), "u = x")
    ok(lib.GrB_Vector_wait(u[0], lib.GrB_MATERIALIZE), "wait u")

    def mxv():
        ok(lib.GrB_mxv(w[0], ffi.NULL, ffi.NULL, lib.GrB_PLUS_TIMES_SEMIRING_FP32, A[0], u[0], ffi.NULL), "mxv")
        ok(lib.GrB_Vector_wait(w[0], lib.GrB_MATERIALIZE), "wait w")

    times = []
    warm_end = time.perf_counter() + min(0.5, a.seconds / 4)
    while time.perf_counter() < warm_end:
        mxv()
    end = time.perf_counter() + a.seconds
    while time.perf_counter() < end or len(times) < 3:
        t0 = time.perf_counter()
        mxv()
        times.append(time.perf_counter() - t0)

    nw = ffi.new("GrB_Index*", n)
    wi = np.zeros(n, dtype=np.uint64)
    wx = np.zeros(n, dtype=np.float32)
    ok(lib.GrB_Vector_extractTuples_FP32(ffi.cast("GrB_Index*", wi.ctypes.data), ffi.cast("float*", wx.ctypes.data),
                                         nw, w[0]), "extract w")
    y = np.zeros(n, dtype=np.float32)
    y[wi[:nw[0]]] = wx[:nw[0]]
    y.astype("<f4").tofile(a.y_out)

    def bfs():
        v = ffi.new("GrB_Vector*")
        q = ffi.new("GrB_Vector*")
        ok(lib.GrB_Vector_new(v, lib.GrB_INT32, n), "v")
        ok(lib.GrB_Vector_new(q, lib.GrB_BOOL, n), "q")
        ok(lib.GrB_Vector_setElement_BOOL(q[0], True, a.source), "q[s]")
        level = 0
        nv = ffi.new("GrB_Index*")
        while True:
            ok(lib.GrB_Vector_assign_INT32(v[0], q[0], ffi.NULL, level, lib.GrB_ALL, n, lib.GrB_DESC_S), "v<q>")
            ok(lib.GrB_mxv(q[0], v[0], ffi.NULL, lib.GrB_LOR_LAND_SEMIRING_BOOL, A[0], q[0], lib.GrB_DESC_RSC),
               "q<!v> = A q")
            ok(lib.GrB_Vector_nvals(nv, q[0]), "nvals q")
            if nv[0] == 0:
                break
            level += 1
        ok(lib.GrB_Vector_nvals(nv, v[0]), "nvals v")
        reached = nv[0]
        lib.GrB_Vector_free(v)
        lib.GrB_Vector_free(q)
        return level, reached

    bfs()
    bfs_times = []
    end = time.perf_counter() + a.seconds
    while time.perf_counter() < end or len(bfs_times) < 3:
        t0 = time.perf_counter()
        depth, reached = bfs()
        bfs_times.append(time.perf_counter() - t0)

    threads = ffi.new("int32_t*")
    lib.GxB_Global_Option_get_INT32(lib.GxB_GLOBAL_NTHREADS, threads)
    json.dump({"spmv_seconds": statistics.median(times), "spmv_runs": len(times),
               "bfs_seconds": statistics.median(bfs_times), "bfs_depth": depth, "bfs_reached": int(reached),
               "threads": threads[0], "nnz": nnz}, sys.stdout)
    print()


if __name__ == "__main__":
    main()
