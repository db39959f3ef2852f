// The journal file: reading with torn-tail recovery, durable appends, atomic compaction.
#include "journal.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <rtorb/corba/exception.hpp>
#include <rtorb/corba/minor_code.hpp>
#include <rtorb/corba/raise.hpp>

#include <algorithm>
#include <array>
#include <cerrno>
#include <cstring>
#include <optional>

namespace rtorb::naming {
namespace {

// A record larger than this is not one we wrote: its size field is damaged.
constexpr std::uint32_t max_payload = 1u << 20;
constexpr std::size_t header_size = 8;

std::uint32_t crc32(const std::uint8_t* data, std::size_t size) {
  static const auto table = [] {
    std::array<std::uint32_t, 256> t{};
    for (std::uint32_t i = 0; i < 256; ++i) {
      std::uint32_t c = i;
      for (int k = 0; k < 8; ++k) c = (c & 1) ? 0xEDB88320u ^ (c >> 1) : c >> 1;
      t[i] = c;
    }
    return t;
  }();
  std::uint32_t c = 0xFFFFFFFFu;
  for (std::size_t i = 0; i < size; ++i) c = table[(c ^ data[i]) & 0xff] ^ (c >> 8);
  return c ^ 0xFFFFFFFFu;
}

void put_u32(std::vector<std::uint8_t>& out, std::uint32_t v) {
  for (int i = 0; i < 4; ++i) out.push_back(static_cast<std::uint8_t>(v >> (8 * i)));
}

std::uint32_t get_u32(const std::uint8_t* p) {
  return std::uint32_t{p[0]} | std::uint32_t{p[1]} << 8 | std::uint32_t{p[2]} << 16 |
         std::uint32_t{p[3]} << 24;
}

void put_string(std::vector<std::uint8_t>& out, const std::string& s) {
  put_u32(out, static_cast<std::uint32_t>(s.size()));
  out.insert(out.end(), s.begin(), s.end());
}

// Reads a payload; nullopt when it is malformed (a checksummed record never is, unless it
// was written by something else).
class PayloadReader {
 public:
  PayloadReader(const std::uint8_t* data, std::size_t size) : p_(data), end_(data + size) {}
  std::optional<Record> record() {
    if (end_ - p_ < 2) return std::nullopt;
    Record r;
    const auto type = *p_++;
    if (type < 1 || type > 4) return std::nullopt;
    r.type = static_cast<RecordType>(type);
    r.is_context = *p_++ != 0;
    for (std::string* field : {&r.context, &r.id, &r.kind, &r.target, &r.ior}) {
      if (!string(*field)) return std::nullopt;
    }
    if (p_ != end_) return std::nullopt;
    return r;
  }

 private:
  bool string(std::string& out) {
    if (end_ - p_ < 4) return false;
    const auto size = get_u32(p_);
    p_ += 4;
    if (static_cast<std::size_t>(end_ - p_) < size) return false;
    out.assign(reinterpret_cast<const char*>(p_), size);
    p_ += size;
    return true;
  }
  const std::uint8_t* p_;
  const std::uint8_t* end_;
};

[[noreturn]] void corrupt(const std::string& path, std::uint64_t offset, const std::string& why) {
  raise<CORBA::PERSIST_STORE>(minor::persist_store_corrupt,
                              path + ": " + why + " at offset " + std::to_string(offset) +
                                  "; the file was left as it is");
}

[[noreturn]] void write_failed(const std::string& what, const std::string& path) {
  raise<CORBA::PERSIST_STORE>(minor::persist_store_write_failed,
                              what + " " + path + ": " + std::strerror(errno),
                              CORBA::CompletionStatus::COMPLETED_NO);
}

std::vector<std::uint8_t> read_file(const std::string& path, bool& exists) {
  std::vector<std::uint8_t> bytes;
  const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
  exists = fd >= 0;
  if (fd < 0) {
    if (errno == ENOENT) return bytes;
    write_failed("cannot open", path);
  }
  std::array<std::uint8_t, 1 << 16> chunk;
  while (true) {
    const auto n = ::read(fd, chunk.data(), chunk.size());
    if (n < 0 && errno == EINTR) continue;
    if (n < 0) {
      ::close(fd);
      write_failed("cannot read", path);
    }
    if (n == 0) break;
    bytes.insert(bytes.end(), chunk.begin(), chunk.begin() + n);
  }
  ::close(fd);
  return bytes;
}

bool write_all(int fd, const std::uint8_t* data, std::size_t size) {
  while (size > 0) {
    const auto n = ::write(fd, data, size);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) return false;
    data += n;
    size -= static_cast<std::size_t>(n);
  }
  return true;
}

void sync_directory_of(const std::string& path) {
  const auto slash = path.rfind('/');
  const std::string dir = slash == std::string::npos ? "." : slash == 0 ? "/" : path.substr(0, slash);
  const int fd = ::open(dir.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
  if (fd < 0) write_failed("cannot open the directory of", path);
  const int rc = ::fsync(fd);
  ::close(fd);
  if (rc != 0) write_failed("cannot sync the directory of", path);
}

}  // namespace

std::vector<std::uint8_t> encode_record(const Record& record) {
  std::vector<std::uint8_t> payload;
  payload.push_back(static_cast<std::uint8_t>(record.type));
  payload.push_back(record.is_context ? 1 : 0);
  for (const std::string* field :
       {&record.context, &record.id, &record.kind, &record.target, &record.ior}) {
    put_string(payload, *field);
  }
  std::vector<std::uint8_t> out;
  out.reserve(header_size + payload.size());
  put_u32(out, static_cast<std::uint32_t>(payload.size()));
  put_u32(out, crc32(payload.data(), payload.size()));
  out.insert(out.end(), payload.begin(), payload.end());
  return out;
}

Journal::Journal(std::string path, const Replay& replay, const Warn& warn) : path_(std::move(path)) {
  bool exists = false;
  const auto bytes = read_file(path_, exists);
  if (!exists || bytes.empty()) {
    compact({});  // a new store: the magic alone, written atomically
    return;
  }
  if (bytes.size() < journal_magic.size() ||
      std::memcmp(bytes.data(), journal_magic.data(), journal_magic.size()) != 0) {
    corrupt(path_, 0, "not an rtorb-naming store (bad magic)");
  }
  std::size_t offset = journal_magic.size();
  while (offset < bytes.size()) {
    const std::size_t left = bytes.size() - offset;
    const std::uint8_t* head = bytes.data() + offset;
    if (left < header_size) break;  // torn inside the header
    const auto size = get_u32(head);
    if (size > max_payload) corrupt(path_, offset, "impossible record size " + std::to_string(size));
    if (left - header_size < size) break;  // torn inside the payload
    const bool last = left - header_size == size;
    if (crc32(head + header_size, size) != get_u32(head + 4)) {
      if (last) break;  // a torn write that left the size but not all the bytes
      corrupt(path_, offset, "checksum mismatch in a record followed by others");
    }
    const auto record = PayloadReader(head + header_size, size).record();
    if (!record) corrupt(path_, offset, "malformed record");
    try {
      replay(*record);
    } catch (const std::exception& e) {
      corrupt(path_, offset, std::string("inconsistent record (") + e.what() + ")");
    }
    ++records_;
    offset += header_size + size;
  }
  if (offset < bytes.size()) {
    warn(path_ + ": dropped a torn last record (" + std::to_string(bytes.size() - offset) +
         " bytes at offset " + std::to_string(offset) + "), never acknowledged");
  }
  open_for_append(offset);
}

Journal::~Journal() {
  if (fd_ >= 0) ::close(fd_);
}

void Journal::open_for_append(std::optional<std::uint64_t> cut_to) {
  fd_ = ::open(path_.c_str(), O_WRONLY | O_CLOEXEC);
  if (fd_ < 0) write_failed("cannot open", path_);
  struct stat st{};
  if (cut_to && ::fstat(fd_, &st) == 0 && static_cast<std::uint64_t>(st.st_size) != *cut_to) {
    if (::ftruncate(fd_, static_cast<off_t>(*cut_to)) != 0 || ::fdatasync(fd_) != 0) {
      write_failed("cannot cut the torn record off", path_);
    }
  }
  if (::lseek(fd_, 0, SEEK_END) < 0) write_failed("cannot seek", path_);
}

void Journal::check_usable() const {
  if (failed_) {
    raise<CORBA::PERSIST_STORE>(minor::persist_store_write_failed,
                                path_ + ": an earlier write failed; restart the service");
  }
}

std::uint64_t Journal::write(const Record& record) {
  const auto bytes = encode_record(record);
  std::lock_guard lock(mutex_);
  check_usable();
  if (!write_all(fd_, bytes.data(), bytes.size())) {
    failed_ = true;  // the tail may now be torn; reading it back will drop it
    write_failed("cannot write", path_);
  }
  ++records_;
  return ++written_;
}

void Journal::sync(std::uint64_t number) {
  std::unique_lock lock(mutex_);
  while (synced_ < number) {
    check_usable();
    if (syncing_) {
      synced_changed_.wait(lock);
      continue;
    }
    syncing_ = true;
    const auto target = written_;
    const int fd = fd_;
    lock.unlock();
    const bool ok = ::fdatasync(fd) == 0;
    lock.lock();
    syncing_ = false;
    if (ok) {
      synced_ = std::max(synced_, target);
    } else {
      failed_ = true;
    }
    synced_changed_.notify_all();
    if (!ok) write_failed("cannot sync", path_);
  }
}

void Journal::compact(const std::vector<Record>& live) {
  std::unique_lock lock(mutex_);
  synced_changed_.wait(lock, [this] { return !syncing_; });
  syncing_ = true;  // no fdatasync on the old file while it is replaced
  struct Release {
    Journal& j;
    ~Release() {
      j.syncing_ = false;
      j.synced_changed_.notify_all();
    }
  } release{*this};
  const std::string temporary = path_ + ".tmp";
  const int fd = ::open(temporary.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
  if (fd < 0) write_failed("cannot create", temporary);
  std::vector<std::uint8_t> buffer(journal_magic.begin(), journal_magic.end());
  bool ok = true;
  for (const auto& record : live) {
    const auto bytes = encode_record(record);
    buffer.insert(buffer.end(), bytes.begin(), bytes.end());
    if (buffer.size() >= (1u << 20)) {
      ok = ok && write_all(fd, buffer.data(), buffer.size());
      buffer.clear();
    }
  }
  ok = ok && write_all(fd, buffer.data(), buffer.size()) && ::fsync(fd) == 0;
  ::close(fd);
  if (!ok) {
    ::unlink(temporary.c_str());
    write_failed("cannot write", temporary);
  }
  if (::rename(temporary.c_str(), path_.c_str()) != 0) write_failed("cannot rename over", path_);
  sync_directory_of(path_);
  if (fd_ >= 0) ::close(fd_);
  fd_ = -1;
  records_ = live.size();
  failed_ = false;
  open_for_append(std::nullopt);
  synced_ = written_;  // the new file holds every record written so far, synced
}

}  // namespace rtorb::naming
