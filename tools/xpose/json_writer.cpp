#include "json_writer.hpp"

#include <cmath>
#include <cstdio>

namespace xpose::cli {

void json_writer::separate() {
  if (after_key_) {
    after_key_ = false;
    return;
  }
  if (!first_.empty()) {
    if (!first_.back()) os_ << ",";
    first_.back() = false;
    os_ << "\n" << std::string(2 * first_.size(), ' ');
  }
}

json_writer& json_writer::begin_object() {
  separate();
  os_ << "{";
  first_.push_back(true);
  return *this;
}

json_writer& json_writer::end_object() {
  const bool empty = first_.back();
  first_.pop_back();
  if (!empty) os_ << "\n" << std::string(2 * first_.size(), ' ');
  os_ << "}";
  if (first_.empty()) os_ << "\n";
  return *this;
}

json_writer& json_writer::begin_array() {
  separate();
  os_ << "[";
  first_.push_back(true);
  return *this;
}

json_writer& json_writer::end_array() {
  const bool empty = first_.back();
  first_.pop_back();
  if (!empty) os_ << "\n" << std::string(2 * first_.size(), ' ');
  os_ << "]";
  return *this;
}

json_writer& json_writer::key(std::string_view k) {
  separate();
  os_ << quote(k) << ": ";
  after_key_ = true;
  return *this;
}

json_writer& json_writer::value(std::string_view v) {
  separate();
  os_ << quote(v);
  return *this;
}

json_writer& json_writer::value(double v) {
  separate();
  if (!std::isfinite(v)) {
    os_ << "null";  // JSON has no NaN or infinity
  } else {
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.6g", v);
    os_ << buf;
  }
  return *this;
}

json_writer& json_writer::value(std::int64_t v) {
  separate();
  os_ << v;
  return *this;
}

json_writer& json_writer::value(bool v) {
  separate();
  os_ << (v ? "true" : "false");
  return *this;
}

json_writer& json_writer::null() {
  separate();
  os_ << "null";
  return *this;
}

std::string json_writer::quote(std::string_view s) {
  std::string out = "\"";
  for (const char ch : s) {
    const auto c = static_cast<unsigned char>(ch);
    switch (c) {
      case '"': out += "\\\""; break;
      case '\\': out += "\\\\"; break;
      case '\n': out += "\\n"; break;
      case '\t': out += "\\t"; break;
      case '\r': out += "\\r"; break;
      default:
        if (c < 0x20) {
          char buf[8];
          std::snprintf(buf, sizeof buf, "\\u%04x", c);
          out += buf;
        } else {
          out += static_cast<char>(c);
        }
    }
  }
  return out + "\"";
}

}  // namespace xpose::cli
