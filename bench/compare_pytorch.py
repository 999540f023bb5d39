#!/usr/bin/env python3
"""xpose `auto` (C ABI through ctypes) against PyTorch's transpose + contiguous.

Same rules as `xpose bench`: CUDA events, warm-up, median of --reps runs, inputs rotated
so the working set exceeds twice the L2, random data; each xpose result is compared with
PyTorch's. Each timed call waits behind a spin kernel, so that the events time the GPU's
work and not Python's call overhead (--no-spin times from an idle GPU). Ratios are to PyTorch's own `clone()` of the same tensor, measured in the same
run. Prints a table and writes JSON.

usage: python3 bench/compare_pytorch.py [--lib build/release/lib/libxpose_c.so] [--json out.json] [--no-spin]
                                       [--shapes 4095x4097,50257x4096,16x1001x1003] [--dtypes int8,float16]
"""
import argparse
import ctypes
import json
import statistics

import torch

XPOSE_AUTO = 0


def load(path):
    lib = ctypes.CDLL(path)
    lib.xpose_transpose_batched.argtypes = [
        ctypes.c_void_p, ctypes.c_void_p, ctypes.c_int64, ctypes.c_int64, ctypes.c_int64, ctypes.c_size_t,
        ctypes.c_int64, ctypes.c_int64, ctypes.c_int64, ctypes.c_int64, ctypes.c_int, ctypes.c_void_p]
    lib.xpose_transpose_batched.restype = ctypes.c_int
    lib.xpose_last_error_message.restype = ctypes.c_char_p
    return lib


# GPU clock cycles of the spin kernel queued before each timed call (about 100 us on an H200).
SPIN_CYCLES = 200_000


def median_ms(fn, count, reps, warmup, spin):
    """fn(i) enqueues run i on the current stream; returns the median event time.

    With `spin`, each timed call is queued behind a spin kernel (torch.cuda._sleep), so the
    GPU is busy while Python records the start event and makes the call: the events then
    time the GPU work alone. Without it, a call whose GPU time is shorter than its host time
    (Python, ctypes, PyTorch's dispatcher) is timed with the host's gap in it."""
    for i in range(warmup):
        fn(i % count)
    times = []
    for i in range(reps):
        start, stop = torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)
        if spin:
            torch.cuda._sleep(SPIN_CYCLES)
        start.record()
        fn((warmup + i) % count)
        stop.record()
        times.append((start, stop))
    torch.cuda.synchronize()
    return statistics.median(s.elapsed_time(e) for s, e in times)


def random_tensor(shape, dtype):
    if dtype.is_floating_point:
        return torch.randn(shape, device="cuda").to(dtype)
    return torch.randint(-128, 127, shape, device="cuda", dtype=dtype)


def run_case(lib, shape, dtype, reps, warmup, l2_bytes, spin):
    batch, rows, cols = (1, *shape) if len(shape) == 2 else shape
    elem = torch.tensor([], dtype=dtype).element_size()
    nbytes = batch * rows * cols * elem
    count = max(1, -(-2 * l2_bytes // (2 * nbytes)))
    xs = [random_tensor(shape, dtype) for _ in range(count)]
    outs = [torch.empty((batch, cols, rows) if len(shape) == 3 else (cols, rows), device="cuda", dtype=dtype)
            for _ in range(count)]
    stream = torch.cuda.current_stream().cuda_stream

    def xpose(i):
        status = lib.xpose_transpose_batched(xs[i].data_ptr(), outs[i].data_ptr(), batch, rows, cols, elem,
                                             0, 0, 0, 0, XPOSE_AUTO, stream)
        if status != 0:
            raise RuntimeError(lib.xpose_last_error_message().decode())

    def torch_transpose(i):
        return xs[i].transpose(-2, -1).contiguous()

    def torch_clone(i):
        return xs[i].clone()

    xpose(0)
    torch.cuda.synchronize()
    correct = torch.equal(outs[0], torch_transpose(0))
    t_xpose = median_ms(xpose, count, reps, warmup, spin)
    t_torch = median_ms(torch_transpose, count, reps, warmup, spin)
    t_clone = median_ms(torch_clone, count, reps, warmup, spin)
    return {
        "shape": list(shape), "dtype": str(dtype).replace("torch.", ""), "bytes": nbytes, "buffer_sets": count,
        "xpose_ms": t_xpose, "torch_ms": t_torch, "clone_ms": t_clone,
        "speedup_vs_torch": t_torch / t_xpose, "xpose_pct_clone": 100 * t_clone / t_xpose,
        "torch_pct_clone": 100 * t_clone / t_torch, "correct": correct,
    }


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--lib", default="build/release/lib/libxpose_c.so")
    ap.add_argument("--json", default="")
    ap.add_argument("--reps", type=int, default=30)
    ap.add_argument("--warmup", type=int, default=5)
    ap.add_argument("--no-spin", action="store_true",
                    help="time each call from an idle GPU (host call overhead included)")
    ap.add_argument("--shapes", default="",
                    help="comma-separated ROWSxCOLS or BATCHxROWSxCOLS (default: the shapes of the README's table)")
    ap.add_argument("--dtypes", default="", help="comma-separated torch dtype names (default: int8 to float64)")
    args = ap.parse_args()
    lib = load(args.lib)
    props = torch.cuda.get_device_properties(0)
    shapes = [(8192, 8192), (4096, 4096), (8192, 2048), (64, 512, 512), (32, 2048, 128), (2, 16777216)]
    if args.shapes:
        shapes = [tuple(int(v) for v in s.split("x")) for s in args.shapes.split(",")]
    dtypes = [torch.int8, torch.float16, torch.bfloat16, torch.float32, torch.float64]
    if args.dtypes:
        dtypes = [getattr(torch, name) for name in args.dtypes.split(",")]
    spin = not args.no_spin
    results = [run_case(lib, s, d, args.reps, args.warmup, props.L2_cache_size, spin) for d in dtypes for s in shapes]
    timing = "GPU time, each call queued behind a spin kernel" if spin else "from an idle GPU, host overhead included"
    print(f"{props.name}, torch {torch.__version__}: xpose auto vs x.transpose(-2, -1).contiguous(), "
          f"median of {args.reps} ({timing}); % is of torch clone() of the same tensor")
    print(f"{'dtype':9s} {'shape':18s} {'torch ms':>9s} {'xpose ms':>9s} {'torch %':>8s} {'xpose %':>8s} "
          f"{'speed-up':>9s}  check")
    for r in results:
        shape = "x".join(str(v) for v in r["shape"])
        print(f"{r['dtype']:9s} {shape:18s} {r['torch_ms']:9.4f} {r['xpose_ms']:9.4f} {r['torch_pct_clone']:7.1f}% "
              f"{r['xpose_pct_clone']:7.1f}% {r['speedup_vs_torch']:8.2f}x  {'ok' if r['correct'] else 'WRONG'}")
    if args.json:
        with open(args.json, "w") as f:
            json.dump({"device": props.name, "torch": torch.__version__, "reps": args.reps,
                       "spin_cycles": SPIN_CYCLES if spin else 0, "results": results}, f, indent=2)
    return 0 if all(r["correct"] for r in results) else 1


if __name__ == "__main__":
    raise SystemExit(main())
