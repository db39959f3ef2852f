// The user guide's option list (docs/guide/orb-options.md) against the one option table:
// every option of every layer has a row showing its name, value, default and help line.
#include <gtest/gtest.h>

#include <algorithm>
#include <fstream>
#include <regex>
#include <sstream>
#include <string>
#include <string_view>
#include <vector>

#include "core/orb_options.hpp"
#include "messaging/messaging_init.hpp"
#include "rt/rt_orb.hpp"

namespace {

using rtorb::orb::OptionTable;
using rtorb::orb::OrbOption;

// The table ORB_init reads argv with when every layer is linked: the core's options and
// those of every layer that has some (the POA has none).
struct FullTable {
  FullTable() {
    rtorb::orb::add_core_options(table, defaults);
    for (const auto register_layer :
         {&rtorb::rt::register_rt_layer, &rtorb::messaging::register_messaging_layer}) {
      setups.push_back(register_layer(table));
    }
  }
  rtorb::orb::OrbOptions defaults;
  std::vector<rtorb::orb::LayerSetup> setups;  // own the layers' option state
  OptionTable table;
};

std::string trimmed(std::string_view s) {
  const auto first = s.find_first_not_of(' ');
  if (first == std::string_view::npos) return {};
  return std::string(s.substr(first, s.find_last_not_of(' ') - first + 1));
}

// A markdown row's cells, split on the '|' not written "\|".
std::vector<std::string> cells_of(std::string_view row) {
  std::vector<std::string> cells;
  std::string cell;
  for (std::size_t i = 1; i < row.size(); ++i) {
    if (row[i] == '|' && row[i - 1] != '\\') {
      cells.push_back(trimmed(cell));
      cell.clear();
    } else {
      cell += row[i];
    }
  }
  return cells;
}

std::string escaped(std::string_view text) {
  std::string out;
  for (const char c : text) out += c == '|' ? std::string("\\|") : std::string(1, c);
  return out;
}

// The first cell of the option's row: "`-ORBName value`", and its alias if it has one.
std::string option_cell(const OrbOption& option) {
  std::string cell = "`-ORB" + std::string(option.name) + " " + escaped(option.syntax) + "`";
  if (!option.alias.empty()) cell += ", `-ORB" + std::string(option.alias) + "` (the same)";
  return cell;
}

void check_row(const OrbOption& option, const std::vector<std::string>& cells,
               std::vector<std::string>& problems) {
  const std::string name = "-ORB" + std::string(option.name);
  if (cells.size() < 3) {
    problems.push_back(name + ": its row has fewer than 3 cells");
    return;
  }
  if (cells[0] != option_cell(option)) {
    problems.push_back(name + ": the row's option cell is \"" + cells[0] + "\", not \"" +
                       option_cell(option) + "\"");
  }
  if (!cells[1].starts_with(option.default_text)) {
    problems.push_back(name + ": the row's default \"" + cells[1] +
                       "\" does not start with \"" + option.default_text + "\"");
  }
  if (!cells[2].starts_with(escaped(option.help))) {
    problems.push_back(name + ": the row's meaning does not start with its help line \"" +
                       std::string(option.help) + "\"");
  }
}

// What `page` gets wrong about `table`, one line per problem.
std::vector<std::string> guide_problems(const OptionTable& table, const std::string& page) {
  std::vector<std::string> problems;
  std::vector<const OrbOption*> documented;
  const std::regex option_name("-ORB([A-Za-z]+)");
  std::istringstream lines(page);
  for (std::string line; std::getline(lines, line);) {
    if (!line.starts_with("| `-ORB")) continue;
    const std::vector<std::string> cells = cells_of(line);
    std::smatch match;
    std::regex_search(cells.front(), match, option_name);
    const OrbOption* option = table.find(match[1].str());
    if (option == nullptr) {
      problems.push_back("-ORB" + match[1].str() +
                         " has a row in the guide but no entry in the option table");
      continue;
    }
    documented.push_back(option);
    check_row(*option, cells, problems);
  }
  for (const OrbOption& option : table.options()) {
    if (option.help.empty() || option.default_text.empty()) {
      problems.push_back("-ORB" + std::string(option.name) + " has no help line or no default");
    }
    if (std::find(documented.begin(), documented.end(), &option) == documented.end()) {
      problems.push_back("-ORB" + std::string(option.name) +
                         " is in the option table but has no row in the guide");
    }
  }
  return problems;
}

std::string read_file(const std::string& path) {
  std::ifstream in(path);
  std::stringstream text;
  text << in.rdbuf();
  return text.str();
}

bool mentions(const std::vector<std::string>& problems, std::string_view text) {
  for (const auto& p : problems) {
    if (p.find(text) != std::string::npos) return true;
  }
  return false;
}

TEST(Guide, ListsEveryOrbOptionOfTheTableWithItsValueDefaultAndHelp) {
  const FullTable full;
  const std::string page = read_file(RTORB_SOURCE_DIR "/docs/guide/orb-options.md");
  ASSERT_FALSE(page.empty());
  ASSERT_NE(full.table.find("SchedPolicy"), nullptr) << "the rt layer registered no options";
  for (const auto& problem : guide_problems(full.table, page)) ADD_FAILURE() << problem;
}

TEST(Guide, OptionCheckNamesWhatAStaleGuideGetsWrong) {
  const FullTable full;
  const std::string stale =
      "| `-ORBEndpoint iiop://host:port`, `-ORBListenEndpoints` (the same) | "
      "`iiop://127.0.0.1:0` | Where the server listens. More. |\n"
      "| `-ORBDebugLevel 0-9` | `1` | What the ORB logs |\n"
      "| `-ORBMaxConnections n` | `1024` | Connections. |\n"
      "| `-ORBNoSuchOption n` | `0` | Not an option of rtorb. |\n";
  const auto problems = guide_problems(full.table, stale);
  EXPECT_TRUE(mentions(problems, "-ORBDebugLevel: the row's option cell is"));
  EXPECT_TRUE(mentions(problems, "-ORBDebugLevel: the row's default \"`1`\""));
  EXPECT_TRUE(mentions(problems, "-ORBMaxConnections: the row's meaning does not start"));
  EXPECT_TRUE(mentions(problems, "-ORBNoSuchOption has a row in the guide but no entry"));
  EXPECT_TRUE(mentions(problems, "-ORBSchedPolicy is in the option table but has no row"));
  EXPECT_FALSE(mentions(problems, "-ORBEndpoint")) << problems.front();
}

}  // namespace
