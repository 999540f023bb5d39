#include "cli_args.hpp"

#include <charconv>
#include <sstream>

namespace xpose::cli {
namespace {

std::int64_t parse_int(const std::string& flag, const std::string& text, std::int64_t lo, std::int64_t hi) {
  std::int64_t v = 0;
  const char* end = text.data() + text.size();
  const auto [ptr, ec] = std::from_chars(text.data(), end, v);
  if (ec != std::errc() || ptr != end) throw usage_error(flag + " expects an integer, got '" + text + "'");
  if (v < lo || v > hi) {
    throw usage_error(flag + " = " + text + " is out of range [" + std::to_string(lo) + ", " + std::to_string(hi) + "]");
  }
  return v;
}

std::vector<std::string> split(const std::string& text, char sep) {
  std::vector<std::string> parts;
  std::string part;
  std::istringstream is(text);
  while (std::getline(is, part, sep)) parts.push_back(part);
  return parts;
}

constexpr std::int64_t kMaxDim = std::int64_t{1} << 40;

// "4096x4096" -> rows, cols
void parse_shape(const std::string& text, bench_options& b) {
  const auto x = text.find('x');
  if (x == std::string::npos) throw usage_error("--shape expects ROWSxCOLS, got '" + text + "'");
  b.rows = parse_int("--shape rows", text.substr(0, x), 0, kMaxDim);
  b.cols = parse_int("--shape cols", text.substr(x + 1), 0, kMaxDim);
}

bench_options parse_bench(const std::vector<std::string>& args, std::size_t first) {
  bench_options b;
  for (std::size_t i = first; i < args.size(); ++i) {
    const std::string& a = args[i];
    auto value = [&]() -> const std::string& {
      if (i + 1 >= args.size()) throw usage_error(a + " needs a value");
      return args[++i];
    };
    if (a == "--rows") {
      b.rows = parse_int(a, value(), 0, kMaxDim);
    } else if (a == "--cols") {
      b.cols = parse_int(a, value(), 0, kMaxDim);
    } else if (a == "--shape") {
      parse_shape(value(), b);
    } else if (a == "--batch") {
      b.batch = parse_int(a, value(), 0, kMaxDim);
    } else if (a == "--elem-bytes") {
      const auto e = parse_int(a, value(), 1, 16);
      if (e != 1 && e != 2 && e != 4 && e != 8 && e != 16) throw usage_error("--elem-bytes must be 1, 2, 4, 8 or 16");
      b.elem_bytes = static_cast<std::size_t>(e);
    } else if (a == "--strategies") {
      b.kernels.clear();
      for (const auto& s : split(value(), ',')) {
        if (s == "all") {
          for (const auto& k : default_kernels()) b.kernels.push_back(k);
        } else {
          b.kernels.push_back(parse_kernel_spec(s));
        }
      }
      if (b.kernels.empty()) throw usage_error("--strategies needs at least one strategy");
    } else if (a == "--reps") {
      b.reps = static_cast<int>(parse_int(a, value(), 1, 100000));
    } else if (a == "--warmup") {
      b.warmup = static_cast<int>(parse_int(a, value(), 0, 100000));
    } else if (a == "--json") {
      b.json_path = value();
    } else if (a == "--csv") {
      b.csv_path = value();
    } else if (a == "--ld-in") {
      b.ld_in = parse_int(a, value(), 0, kMaxDim);
    } else if (a == "--ld-out") {
      b.ld_out = parse_int(a, value(), 0, kMaxDim);
    } else if (a == "--suite") {
      b.suite = value();
      if (!is_suite_name(b.suite)) throw usage_error("unknown suite '" + b.suite + "' (known: " + suite_names() + ")");
    } else if (a == "--no-verify") {
      b.verify = false;
    } else if (a == "--inplace") {
      b.inplace = true;
    } else {
      throw usage_error("unknown bench option '" + a + "' (see xpose bench --help)");
    }
  }
  if (b.ld_in != 0 && b.ld_in < b.cols) throw usage_error("--ld-in must be >= cols (or 0 for packed)");
  if (b.ld_out != 0 && b.ld_out < b.rows) throw usage_error("--ld-out must be >= rows (or 0 for packed)");
  if (b.inplace && (b.ld_in != 0 || b.ld_out != 0)) throw usage_error("--inplace transposes packed matrices only");
  return b;
}

}  // namespace

bool is_suite_name(const std::string& name) {
  for (const char* s : {"auto", "ladder", "shapes", "dtypes", "skinny", "batched", "inplace", "all"}) {
    if (name == s) return true;
  }
  return false;
}

std::string suite_names() { return "auto, ladder, shapes, dtypes, skinny, batched, inplace, all"; }

namespace {

std::vector<kernel_spec> parse_kernel_list(const std::string& flag, const std::string& text) {
  std::vector<kernel_spec> out;
  for (const auto& s : split(text, ',')) {
    if (s == "all") {
      for (const auto& k : default_kernels()) out.push_back(k);
    } else {
      out.push_back(parse_kernel_spec(s));
    }
  }
  if (out.empty()) throw usage_error(flag + " needs at least one strategy");
  return out;
}

verify_options parse_verify(const std::vector<std::string>& args, std::size_t first) {
  verify_options v;
  for (std::size_t i = first; i < args.size(); ++i) {
    const std::string& a = args[i];
    auto value = [&]() -> const std::string& {
      if (i + 1 >= args.size()) throw usage_error(a + " needs a value");
      return args[++i];
    };
    if (a == "--strategies") {
      v.kernels = parse_kernel_list(a, value());
    } else if (a == "--elem-bytes") {
      v.elem_sizes.clear();
      for (const auto& e : split(value(), ',')) {
        const auto n = parse_int(a, e, 1, 16);
        if (n != 1 && n != 2 && n != 4 && n != 8 && n != 16) throw usage_error("--elem-bytes takes 1, 2, 4, 8 or 16");
        v.elem_sizes.push_back(static_cast<std::size_t>(n));
      }
    } else if (a == "--seed") {
      v.seed = static_cast<std::uint64_t>(parse_int(a, value(), 0, std::int64_t{1} << 62));
    } else if (a == "--quick") {
      v.quick = true;
    } else {
      throw usage_error("unknown verify option '" + a + "' (see xpose verify --help)");
    }
  }
  return v;
}

}  // namespace

std::string kernel_spec::label() const {
  std::string s(to_string(kernel));
  if (kernel == strategy::tiled_padded && tile != tile_config::tile32_block32x8) {
    s += ":";
    s += to_string(tile);
  }
  return s;
}

kernel_spec parse_kernel_spec(const std::string& text) {
  kernel_spec k;
  const auto colon = text.find(':');
  const std::string name = text.substr(0, colon);
  const auto s = parse_strategy(name);
  if (!s) throw usage_error("unknown strategy '" + name + "' (known: auto, naive, naive_write_coalesced, tiled, tiled_padded, vectorized, diagonal)");
  k.kernel = *s;
  if (colon != std::string::npos) {
    if (k.kernel != strategy::tiled_padded) throw usage_error("only tiled_padded takes a tile configuration, got '" + text + "'");
    const auto t = parse_tile_config(text.substr(colon + 1));
    if (!t) throw usage_error("unknown tile configuration '" + text.substr(colon + 1) + "' (known: 32x32/32x8, 32x32/32x32, 16x16)");
    k.tile = *t;
  }
  return k;
}

std::vector<kernel_spec> default_kernels() {
  return {
      {strategy::naive, tile_config::tile32_block32x8},
      {strategy::naive_write_coalesced, tile_config::tile32_block32x8},
      {strategy::tiled, tile_config::tile32_block32x8},
      {strategy::tiled_padded, tile_config::tile16x16},
      {strategy::tiled_padded, tile_config::tile32_block32x32},
      {strategy::tiled_padded, tile_config::tile32_block32x8},
      {strategy::vectorized, tile_config::tile32_block32x8},
      {strategy::diagonal, tile_config::tile32_block32x8},
      {strategy::automatic, tile_config::tile32_block32x8},
  };
}

command parse(int argc, const char* const* argv) {
  std::vector<std::string> args(argv + 1, argv + argc);
  command c;
  for (int i = 0; i < argc; ++i) c.command_line += (i ? " " : "") + std::string(argv[i]);
  if (args.empty() || args[0] == "--help" || args[0] == "-h" || args[0] == "help") {
    c.what = command::kind::help;
    if (args.size() > 1 && args[0] == "help") c.help_topic = args[1];
    if (!c.help_topic.empty() && c.help_topic != "bench" && c.help_topic != "info" && c.help_topic != "verify" &&
        c.help_topic != "profile") {
      throw usage_error("no help for '" + c.help_topic + "' (commands: bench, verify, profile, info)");
    }
    return c;
  }
  if (args[0] == "--version") {
    c.what = command::kind::version;
    return c;
  }
  const bool wants_help = args.size() > 1 && (args[1] == "--help" || args[1] == "-h");
  if (args[0] == "bench") {
    if (wants_help) {
      c.help_topic = "bench";
      return c;
    }
    c.what = command::kind::bench;
    c.bench = parse_bench(args, 1);
    return c;
  }
  if (args[0] == "profile") {
    if (wants_help) {
      c.help_topic = "profile";
      return c;
    }
    c.what = command::kind::profile;
    c.bench = parse_bench(args, 1);  // shape, element size and strategy options of bench
    return c;
  }
  if (args[0] == "verify") {
    if (wants_help) {
      c.help_topic = "verify";
      return c;
    }
    c.what = command::kind::verify;
    c.verify = parse_verify(args, 1);
    return c;
  }
  if (args[0] == "info") {
    if (wants_help) {
      c.help_topic = "info";
      return c;
    }
    if (args.size() > 1) throw usage_error("info takes no arguments, got '" + args[1] + "'");
    c.what = command::kind::info;
    return c;
  }
  throw usage_error("unknown command '" + args[0] + "' (commands: bench, verify, profile, info; see xpose --help)");
}

std::string general_help() {
  return "xpose - matrix transpose at the speed of memory\n"
         "\n"
         "usage: xpose <command> [options]\n"
         "\n"
         "commands:\n"
         "  bench    time every strategy against cudaMemcpy, a copy kernel and cuBLAS geam\n"
         "           (default: 4096 x 4096 fp32); see xpose bench --help\n"
         "  verify   check every strategy x element size x edge shape against the definition\n"
         "           on this GPU; see xpose verify --help\n"
         "  profile  every strategy under Nsight Compute: shared-memory bank conflicts, DRAM bytes\n"
         "           against the ideal, global sectors per request (needs ncu)\n"
         "  info     print the device, SM count, L2 size, datasheet and measured memcpy bandwidth\n"
         "\n"
         "  --help, -h    this text (xpose help <command> for a command's options)\n"
         "  --version     library version\n"
         "\n"
         "exit status: 0 ok, 1 failure (e.g. a wrong result), 2 bad arguments, 3 no usable GPU\n";
}

std::string bench_help() {
  return "usage: xpose bench [options]\n"
         "\n"
         "Times each strategy on random data (median of --reps runs, CUDA events, input/output\n"
         "buffers rotated so the working set exceeds twice the L2), verifies each output\n"
         "against the CPU reference, and reports GB/s (bytes read + written) and % of a\n"
         "cudaMemcpy of the same bytes measured in the same run.\n"
         "\n"
         "options:\n"
         "  --rows N, --cols N     matrix shape (default 4096 x 4096)\n"
         "  --shape RxC            the same in one flag\n"
         "  --batch N              matrices per call (default 1)\n"
         "  --elem-bytes N         1, 2, 4, 8 or 16 (default 4)\n"
         "  --strategies LIST      comma-separated: auto, naive, naive_write_coalesced, tiled,\n"
         "                         tiled_padded[:32x32/32x8|32x32/32x32|16x16], vectorized,\n"
         "                         diagonal, all (default: all)\n"
         "  --ld-in N, --ld-out N  leading dimensions (elements; default packed)\n"
         "  --suite NAME           run a named suite of problems instead of one:\n"
         "                           auto     every target of the auto issue: large, skinny,\n"
         "                                    batched, submatrix and latency cases, auto vs\n"
         "                                    cudaMemcpy vs cuBLAS, each judged\n"
         "                           ladder   every strategy, 4096^2 fp32 (the seeds' table)\n"
         "                           shapes   every strategy at 4096^2, 8192x2048, 16384x1024,\n"
         "                                    1024^2 and 256^2 fp32 (seed 002's table)\n"
         "                           dtypes   every strategy at 4096^2 for 1, 2, 4, 8, 16 bytes\n"
         "                           skinny   auto on the skinny shapes, 1 and 4 bytes\n"
         "                           batched  auto on the batched shapes, 1 to 8 bytes\n"
         "                           inplace  in-place vs out-of-place auto vs cudaMemcpy:\n"
         "                                    squares 4096^2 to 32768^2, rectangular and\n"
         "                                    skinny shapes, each judged\n"
         "                           all      all of the above\n"
         "  --inplace              time the in-place transpose (xpose_transpose_inplace) of\n"
         "                         the shape next to out-of-place auto and cudaMemcpy\n"
         "  --reps N               timed runs per row (default 30)\n"
         "  --warmup N             untimed runs first (default 5)\n"
         "  --json FILE            also write the results as JSON\n"
         "  --csv FILE             also write the results as CSV (one line per row)\n"
         "  --no-verify            skip the correctness check of each row\n";
}

std::string verify_help() {
  return "usage: xpose verify [options]\n"
         "\n"
         "Runs every strategy x element size x shape of a sweep of edge cases (1 x N, N x 1,\n"
         "primes, tile +- 1, leading dimensions, batches, offset pointers) on random data,\n"
         "poisons the output and guard bands first, and checks every element against the\n"
         "definition and every guard byte. Prints each failing case; exit status 1 if any.\n"
         "\n"
         "options:\n"
         "  --strategies LIST      as for bench (default: all)\n"
         "  --elem-bytes LIST      comma-separated subset of 1,2,4,8,16 (default: all)\n"
         "  --seed N               random data seed (default 1)\n"
         "  --quick                fewer shapes\n";
}

std::string profile_help() {
  return "usage: xpose profile [--shape RxC] [--elem-bytes N] [--batch N] [--strategies LIST]\n"
         "\n"
         "Runs each strategy once under Nsight Compute (ncu --clock-control none; the GPU's\n"
         "clocks are left as found) and prints, per strategy: shared-memory bank conflicts on\n"
         "loads and stores (wavefronts beyond the ideal, per SASS instruction, from ncu's source\n"
         "counters: 0 for the padded tile), wavefronts per instruction (1.0 is conflict-free; the\n"
         "unpadded tile shows 32), the hardware conflict counter, DRAM bytes read + written\n"
         "against the ideal 2 x matrix bytes, and global sectors per request. Default:\n"
         "4096 x 4096 fp32, every strategy. Without ncu it says so in one line (exit 1).\n";
}

std::string info_help() {
  return "usage: xpose info\n"
         "\n"
         "Prints the current CUDA device: name, compute capability, SM count, L2 size, memory\n"
         "size, datasheet memory bandwidth (from memory clock and bus width) and the measured\n"
         "bandwidth of a 1 GiB device-to-device cudaMemcpy (median of 20, read + write).\n";
}

}  // namespace xpose::cli
