// The store of rtorb-naming: an append-only journal of operations, one checksummed record
// each, made durable (fdatasync) before the operation is answered, and compacted into a
// snapshot of the live state written to a temporary file and renamed over the journal.
// docs/naming.md, "The store", gives the format and why.
#pragma once

#include <condition_variable>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <mutex>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace rtorb::naming {

enum class RecordType : std::uint8_t {
  new_context = 1,      // `context` now exists (empty)
  bind = 2,             // `context` binds (id, kind) to `target` (a context of ours) or `ior`
  unbind = 3,           // `context` no longer binds (id, kind)
  destroy_context = 4,  // `context` is gone
};

struct Record {
  RecordType type = RecordType::new_context;
  bool is_context = false;  // bind: the binding is an ncontext
  std::string context;
  std::string id;
  std::string kind;
  std::string target;  // bind of a context this service serves: its context id
  std::string ior;     // bind of anything else: the stringified reference
  friend bool operator==(const Record&, const Record&) = default;
};

// One record as the file holds it: u32 payload size, u32 CRC-32 of the payload (both little
// endian), the payload. Exposed for tests that build damaged files.
std::vector<std::uint8_t> encode_record(const Record& record);
inline constexpr std::string_view journal_magic = "RTORBNS1";

class Journal {
 public:
  using Replay = std::function<void(const Record&)>;
  using Warn = std::function<void(const std::string&)>;

  // Reads `path` (creating it when missing), calling `replay` on every record in order, and
  // opens it for appending. A torn last record (the file ends inside it, or its checksum
  // fails and it is the last) was never acknowledged: it is cut off with a warning.
  // Anything else wrong (bad magic, a bad checksum followed by more records, an impossible
  // size, a record `replay` refuses by throwing) raises PERSIST_STORE
  // persist_store_corrupt naming the offset, and the file is left as it was.
  Journal(std::string path, const Replay& replay, const Warn& warn);
  Journal(const Journal&) = delete;
  Journal& operator=(const Journal&) = delete;
  ~Journal();

  // Writes one record (in the order of the calls) and returns its sequence number; it is
  // durable once sync(number) returns. Raises PERSIST_STORE persist_store_write_failed (and
  // then writes nothing more: the service must restart).
  std::uint64_t write(const Record& record);
  // Waits until record `number` is on the disk. Group commit: the first caller runs one
  // fdatasync for every record written so far, the others wait for it, so concurrent
  // writers share the cost of a sync (about 4 ms on the test machine's disk). Raises
  // PERSIST_STORE persist_store_write_failed.
  void sync(std::uint64_t number);
  // write + sync.
  void append(const Record& record) { sync(write(record)); }

  // Replaces the journal by `live` (the records that rebuild the current state) atomically:
  // written to path.tmp, synced, renamed over path, the directory synced. Raises
  // PERSIST_STORE persist_store_write_failed; the old journal is then still intact.
  void compact(const std::vector<Record>& live);

  // Records in the file now (those replayed, appended and compacted).
  std::size_t records() const noexcept { return records_; }

 private:
  // Opens the file for appending, first cutting it to `cut_to` bytes (a torn record off).
  void open_for_append(std::optional<std::uint64_t> cut_to);

  void check_usable() const;  // needs mutex_

  std::string path_;
  mutable std::mutex mutex_;  // guards everything below; never held during a sync
  std::condition_variable synced_changed_;
  int fd_ = -1;
  std::size_t records_ = 0;
  bool failed_ = false;
  std::uint64_t written_ = 0;  // sequence number of the last record written
  std::uint64_t synced_ = 0;   // ... of the last one known to be on the disk
  bool syncing_ = false;       // a thread is in fdatasync (or compact holds the file)
};

}  // namespace rtorb::naming
