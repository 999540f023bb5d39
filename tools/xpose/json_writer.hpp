// A minimal streaming JSON writer (no dependency is available on every target machine).
#pragma once

#include <cstdint>
#include <ostream>
#include <string>
#include <string_view>
#include <vector>

namespace xpose::cli {

class json_writer {
 public:
  explicit json_writer(std::ostream& os) : os_(os) {}

  json_writer& begin_object();
  json_writer& end_object();
  json_writer& begin_array();
  json_writer& end_array();
  json_writer& key(std::string_view k);
  json_writer& value(std::string_view v);
  json_writer& value(const char* v) { return value(std::string_view(v)); }
  json_writer& value(double v);
  json_writer& value(std::int64_t v);
  json_writer& value(int v) { return value(static_cast<std::int64_t>(v)); }
  json_writer& value(bool v);
  json_writer& null();

  /** JSON string literal of `s`, quotes included. */
  static std::string quote(std::string_view s);

 private:
  void separate();
  std::ostream& os_;
  std::vector<bool> first_;  // one entry per open container: no element written yet
  bool after_key_ = false;
};

}  // namespace xpose::cli
