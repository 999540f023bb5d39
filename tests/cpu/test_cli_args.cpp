// The xpose command line: defaults, every option, and one-line errors for bad input.
#include "cli_args.hpp"

#include <gtest/gtest.h>

#include <vector>

namespace {

using namespace xpose::cli;

command parse_words(std::vector<const char*> words) {
  words.insert(words.begin(), "xpose");
  return parse(static_cast<int>(words.size()), words.data());
}

TEST(CliArgs, NoArgumentsShowsHelp) {
  EXPECT_EQ(parse_words({}).what, command::kind::help);
  EXPECT_EQ(parse_words({"--help"}).what, command::kind::help);
}

TEST(CliArgs, BenchDefaultsAreTheSeedLadder) {
  const command c = parse_words({"bench"});
  ASSERT_EQ(c.what, command::kind::bench);
  EXPECT_EQ(c.bench.rows, 4096);
  EXPECT_EQ(c.bench.cols, 4096);
  EXPECT_EQ(c.bench.elem_bytes, 4u);
  EXPECT_EQ(c.bench.batch, 1);
  EXPECT_GE(c.bench.reps, 20);
  EXPECT_EQ(c.bench.kernels, default_kernels());
  EXPECT_EQ(c.command_line, "xpose bench");
}

TEST(CliArgs, DefaultKernelsCoverEveryStrategyAndTile) {
  const auto k = default_kernels();
  for (const auto s : xpose::all_strategies) {
    EXPECT_NE(std::find_if(k.begin(), k.end(), [&](const kernel_spec& x) { return x.kernel == s; }), k.end())
        << xpose::to_string(s);
  }
  for (const auto t : xpose::all_tile_configs) {
    const kernel_spec want{xpose::strategy::tiled_padded, t};
    EXPECT_NE(std::find(k.begin(), k.end(), want), k.end()) << want.label();
  }
}

TEST(CliArgs, BenchOptions) {
  const command c = parse_words({"bench", "--shape", "8192x2048", "--elem-bytes", "2", "--batch", "3", "--reps", "50",
                                 "--warmup", "2", "--strategies", "naive,tiled_padded:16x16", "--json", "out.json"});
  EXPECT_EQ(c.bench.rows, 8192);
  EXPECT_EQ(c.bench.cols, 2048);
  EXPECT_EQ(c.bench.elem_bytes, 2u);
  EXPECT_EQ(c.bench.batch, 3);
  EXPECT_EQ(c.bench.reps, 50);
  EXPECT_EQ(c.bench.warmup, 2);
  EXPECT_EQ(c.bench.json_path, "out.json");
  ASSERT_EQ(c.bench.kernels.size(), 2u);
  EXPECT_EQ(c.bench.kernels[0].kernel, xpose::strategy::naive);
  EXPECT_EQ(c.bench.kernels[1].tile, xpose::tile_config::tile16x16);
  EXPECT_EQ(c.bench.kernels[1].label(), "tiled_padded:16x16");
}

TEST(CliArgs, SuiteAndLeadingDimensions) {
  const command c = parse_words({"bench", "--suite", "auto", "--reps", "20"});
  EXPECT_EQ(c.bench.suite, "auto");
  const command v = parse_words({"bench", "--shape", "100x200", "--ld-in", "256", "--ld-out", "128"});
  EXPECT_EQ(v.bench.ld_in, 256);
  EXPECT_EQ(v.bench.ld_out, 128);
}

TEST(CliArgs, VerifyOptions) {
  const command d = parse_words({"verify"});
  ASSERT_EQ(d.what, command::kind::verify);
  EXPECT_EQ(d.verify.kernels, default_kernels());
  EXPECT_EQ(d.verify.elem_sizes.size(), 5u);
  const command c = parse_words({"verify", "--strategies", "auto,tiled", "--elem-bytes", "1,16", "--seed", "7", "--quick"});
  EXPECT_EQ(c.verify.kernels.size(), 2u);
  EXPECT_EQ(c.verify.elem_sizes, (std::vector<std::size_t>{1, 16}));
  EXPECT_EQ(c.verify.seed, 7u);
  EXPECT_TRUE(c.verify.quick);
  EXPECT_EQ(parse_words({"verify", "--help"}).help_topic, "verify");
  EXPECT_NE(verify_help().find("--quick"), std::string::npos);
}

TEST(CliArgs, CsvAndEverySuiteName) {
  EXPECT_EQ(parse_words({"bench", "--csv", "out.csv"}).bench.csv_path, "out.csv");
  for (const char* s : {"auto", "ladder", "shapes", "dtypes", "skinny", "batched", "inplace", "all"}) {
    EXPECT_EQ(parse_words({"bench", "--suite", s}).bench.suite, s);
  }
}

TEST(CliArgs, Inplace) {
  EXPECT_FALSE(parse_words({"bench"}).bench.inplace);
  const command c = parse_words({"bench", "--inplace", "--shape", "30000x7000"});
  EXPECT_TRUE(c.bench.inplace);
  EXPECT_EQ(c.bench.rows, 30000);
  EXPECT_NE(bench_help().find("--inplace"), std::string::npos);
}

TEST(CliArgs, RowsAndColsSeparately) {
  const command c = parse_words({"bench", "--rows", "2", "--cols", "16777216"});
  EXPECT_EQ(c.bench.rows, 2);
  EXPECT_EQ(c.bench.cols, 16777216);
}

TEST(CliArgs, HelpOfSubcommands) {
  EXPECT_EQ(parse_words({"bench", "--help"}).help_topic, "bench");
  EXPECT_EQ(parse_words({"help", "info"}).help_topic, "info");
  EXPECT_NE(bench_help().find("--strategies"), std::string::npos);
  EXPECT_NE(general_help().find("bench"), std::string::npos);
}

struct bad_line {
  std::vector<const char*> words;
  const char* message_part;
};

class CliErrors : public ::testing::TestWithParam<bad_line> {};

TEST_P(CliErrors, ThrowOneLineUsageError) {
  try {
    parse_words(GetParam().words);
    FAIL() << "expected usage_error";
  } catch (const usage_error& e) {
    const std::string msg = e.what();
    EXPECT_NE(msg.find(GetParam().message_part), std::string::npos) << msg;
    EXPECT_EQ(msg.find('\n'), std::string::npos) << "must be one line: " << msg;
  }
}

INSTANTIATE_TEST_SUITE_P(
    BadLines, CliErrors,
    ::testing::Values(bad_line{{"frobnicate"}, "unknown command 'frobnicate'"},
                      bad_line{{"bench", "--rows"}, "--rows needs a value"},
                      bad_line{{"bench", "--rows", "abc"}, "expects an integer"},
                      bad_line{{"bench", "--rows", "-5"}, "out of range"},
                      bad_line{{"bench", "--elem-bytes", "3"}, "1, 2, 4, 8 or 16"},
                      bad_line{{"bench", "--strategies", "fastest"}, "unknown strategy 'fastest'"},
                      bad_line{{"bench", "--strategies", "naive:16x16"}, "only tiled_padded"},
                      bad_line{{"bench", "--strategies", "tiled_padded:8x8"}, "unknown tile configuration"},
                      bad_line{{"bench", "--shape", "4096"}, "ROWSxCOLS"},
                      bad_line{{"bench", "--reps", "0"}, "out of range"},
                      bad_line{{"bench", "--bogus"}, "unknown bench option '--bogus'"},
                      bad_line{{"info", "extra"}, "info takes no arguments"},
                      bad_line{{"bench", "--suite", "fast"}, "unknown suite 'fast'"},
                      bad_line{{"bench", "--shape", "100x200", "--ld-in", "150"}, "--ld-in must be >= cols"},
                      bad_line{{"bench", "--inplace", "--ld-in", "5000"}, "packed matrices only"},
                      bad_line{{"verify", "--elem-bytes", "3"}, "1, 2, 4, 8 or 16"},
                      bad_line{{"verify", "--frob"}, "unknown verify option"}));

TEST(CliArgs, ExitCodesAreDistinct) {
  EXPECT_NE(kExitUsage, kExitNoGpu);
  EXPECT_NE(kExitUsage, kExitFailure);
  EXPECT_NE(kExitNoGpu, kExitOk);
}

}  // namespace
