// The journal: records come back in order across reopenings, a torn last record is cut off
// with a warning, corruption anywhere else stops start-up and leaves the file as it was.
#include <gtest/gtest.h>

#include <rtorb/corba/exception.hpp>
#include <rtorb/corba/minor_code.hpp>

#include <filesystem>
#include <fstream>
#include <memory>
#include <stdexcept>
#include <unistd.h>
#include <iterator>
#include <string>
#include <vector>

#include "journal.hpp"

namespace {

using rtorb::naming::Journal;
using rtorb::naming::Record;
using rtorb::naming::RecordType;
namespace fs = std::filesystem;

struct JournalFile : ::testing::Test {
  fs::path dir = fs::temp_directory_path() / ("rtorb-journal-" + std::to_string(::getpid()) + "-" +
                                              ::testing::UnitTest::GetInstance()->current_test_info()->name());
  std::string path = (dir / "names.db").string();
  std::vector<Record> replayed;
  std::vector<std::string> warnings;

  JournalFile() { fs::create_directories(dir); }
  ~JournalFile() override { fs::remove_all(dir); }

  std::unique_ptr<Journal> open() {
    replayed.clear();
    return std::make_unique<Journal>(
        path, [this](const Record& r) { replayed.push_back(r); },
        [this](const std::string& w) { warnings.push_back(w); });
  }
  std::vector<char> bytes() const {
    std::ifstream in(path, std::ios::binary);
    return {std::istreambuf_iterator<char>(in), {}};
  }
  void write(const std::vector<char>& b) const {
    std::ofstream(path, std::ios::binary | std::ios::trunc).write(b.data(), static_cast<std::streamsize>(b.size()));
  }
  static Record bind(const std::string& id) {
    return {RecordType::bind, false, "NameService", id, "k", {}, "IOR:00"};
  }
  // Writes three records and returns the file's size after the second.
  std::size_t three_records() {
    auto journal = open();
    journal->append({RecordType::new_context, false, "c1", {}, {}, {}, {}});
    journal->append(bind("a"));
    const auto size = bytes().size();
    journal->append(bind("b"));
    return size;
  }
};

TEST_F(JournalFile, RecordsAreReplayedInOrderAfterReopening) {
  three_records();
  open();
  ASSERT_EQ(replayed.size(), 3u);
  EXPECT_EQ(replayed[0].type, RecordType::new_context);
  EXPECT_EQ(replayed[1], bind("a"));
  EXPECT_EQ(replayed[2], bind("b"));
  EXPECT_TRUE(warnings.empty());
}

TEST_F(JournalFile, ATornLastRecordIsDroppedWithAWarning) {
  three_records();
  auto b = bytes();
  b.resize(b.size() - 3);  // the crash came in the middle of the last write
  write(b);
  auto journal = open();
  EXPECT_EQ(replayed.size(), 2u);
  ASSERT_EQ(warnings.size(), 1u);
  EXPECT_NE(warnings[0].find("torn"), std::string::npos) << warnings[0];
  // The tail is cut off, so the next record follows the good ones.
  journal->append(bind("c"));
  open();
  ASSERT_EQ(replayed.size(), 3u);
  EXPECT_EQ(replayed[2], bind("c"));
}

TEST_F(JournalFile, AGarbledLastRecordIsDroppedToo) {
  three_records();
  auto b = bytes();
  b.back() ^= 0x55;
  write(b);
  open();
  EXPECT_EQ(replayed.size(), 2u);
  EXPECT_EQ(warnings.size(), 1u);
}

TEST_F(JournalFile, CorruptionBeforeTheLastRecordStopsStartUpAndTouchesNothing) {
  const auto second_end = three_records();
  auto b = bytes();
  b[second_end - 2] ^= 0x01;  // inside the second record
  write(b);
  try {
    open();
    ADD_FAILURE() << "no exception";
  } catch (const CORBA::PERSIST_STORE& e) {
    EXPECT_EQ(e.minor(), rtorb::minor::persist_store_corrupt);
    EXPECT_NE(e.detail().find("checksum"), std::string::npos) << e.detail();
  }
  EXPECT_EQ(bytes(), b);
}

TEST_F(JournalFile, AFileThatIsNotAStoreIsRefused) {
  write({'h', 'e', 'l', 'l', 'o', ' ', 'w', 'o', 'r', 'l', 'd'});
  EXPECT_THROW(open(), CORBA::PERSIST_STORE);
  EXPECT_EQ(bytes().size(), 11u);
}

TEST_F(JournalFile, ARecordTheReplayRefusesIsCorruption) {
  three_records();
  EXPECT_THROW(std::make_unique<Journal>(
                   path, [](const Record&) { throw std::runtime_error("unknown context"); },
                   [](const std::string&) {}),
               CORBA::PERSIST_STORE);
}

TEST_F(JournalFile, CompactionReplacesTheJournalByTheLiveRecords) {
  auto journal = open();
  for (int i = 0; i < 100; ++i) journal->append(bind("x"));
  journal->compact({bind("x")});
  EXPECT_EQ(journal->records(), 1u);
  journal->append(bind("y"));
  journal.reset();
  open();
  ASSERT_EQ(replayed.size(), 2u);
  EXPECT_EQ(replayed[1], bind("y"));
  EXPECT_FALSE(fs::exists(path + ".tmp"));
}

}  // namespace
