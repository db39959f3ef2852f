// The ConsumerQOS prefix list read into a filter tree, and its evaluation.
#include <rtorb/corba/raise.hpp>
#include <rtorb/events/filter.hpp>
#include <rtorb/events/minor_codes.hpp>

#include <string>

namespace rtorb::events {

using Header = RtecEventComm::EventHeader;

bool header_matches(std::int32_t type, std::int32_t source, const Header& header) noexcept {
  const bool type_ok = type == 0 || header.type() == 0 || type == header.type();
  const bool source_ok = source == 0 || header.source() == 0 || source == header.source();
  return type_ok && source_ok;
}

class FilterBuilder {
 public:
  explicit FilterBuilder(const RtecEventChannelAdmin::DependencySet& list) : list_(list) {}

  Filter build() {
    if (list_.empty()) malformed(0, "the dependency list is empty");
    // Several top-level trees: an implicit disjunction over them.
    filter_.nodes_.push_back({Filter::Kind::disjunction});
    std::uint32_t roots = 0;
    while (at_ < list_.size()) {
      read_tree(1);
      ++roots;
    }
    filter_.nodes_[0].children = roots;
    filter_.nodes_[0].end = static_cast<std::uint32_t>(filter_.nodes_.size());
    return std::move(filter_);
  }

 private:
  [[noreturn]] void malformed(std::size_t entry, const std::string& why) {
    raise<CORBA::BAD_PARAM>(minor::bad_param_malformed_qos,
                            "malformed ConsumerQOS at dependency " + std::to_string(entry) +
                                ": " + why);
  }

  const Header& take(const char* what) {
    if (at_ >= list_.size()) malformed(at_, std::string("the list ends before ") + what);
    return list_[at_++].event().header();
  }

  std::uint32_t add(Filter::Node node, std::size_t depth) {
    if (depth > max_filter_depth) malformed(at_, "groups nest too deeply");
    if (filter_.nodes_.size() >= max_filter_nodes) malformed(at_, "too many entries");
    filter_.nodes_.push_back(node);
    return static_cast<std::uint32_t>(filter_.nodes_.size() - 1);
  }

  void read_children(std::uint32_t self, std::uint32_t count, std::size_t depth) {
    for (std::uint32_t i = 0; i < count; ++i) read_tree(depth + 1);
    filter_.nodes_[self].end = static_cast<std::uint32_t>(filter_.nodes_.size());
  }

  void read_group(Filter::Kind kind, const Header& h, std::size_t depth) {
    const std::size_t entry = at_ - 1;
    if (h.source() <= 0) malformed(entry, "a group needs at least one child (in source)");
    const auto count = static_cast<std::uint32_t>(h.source());
    if (count > list_.size() - at_) malformed(entry, "the group counts more children than follow");
    Filter::Node node{kind};
    node.children = count;
    if (kind == Filter::Kind::conjunction) node.conjunction_slot = filter_.conjunctions_++;
    read_children(add(node, depth), count, depth);
  }

  void read_masks(Filter::Node& node, const char* what) {
    const Header& masks = take(what);
    node.type_mask = static_cast<std::uint32_t>(masks.type());
    node.source_mask = static_cast<std::uint32_t>(masks.source());
  }

  void read_tree(std::size_t depth);

  const RtecEventChannelAdmin::DependencySet& list_;
  std::size_t at_ = 0;
  Filter filter_;
};

void FilterBuilder::read_tree(std::size_t depth) {
  const std::size_t entry = at_;
  const Header& h = take("a group's children");
  namespace t = event_type;
  switch (h.type()) {
    case t::global_designator:
    case t::disjunction_designator: return read_group(Filter::Kind::disjunction, h, depth);
    case t::conjunction_designator: return read_group(Filter::Kind::conjunction, h, depth);
    case t::logical_and_designator: return read_group(Filter::Kind::logical_and, h, depth);
    case t::negation_designator: {
      Filter::Node node{Filter::Kind::negation};
      node.children = 1;
      return read_children(add(node, depth), 1, depth);
    }
    case t::bitmask_designator: {
      Filter::Node node{Filter::Kind::bitmask};
      node.children = 1;
      read_masks(node, "the bitmask's masks");
      return read_children(add(node, depth), 1, depth);
    }
    case t::masked_type_designator: {
      Filter::Node node{Filter::Kind::masked_type};
      read_masks(node, "the masked type's masks");
      const Header& values = take("the masked type's values");
      node.type = values.type();
      node.source = values.source();
      const auto self = add(node, depth);
      filter_.nodes_[self].end = self + 1;
      return;
    }
    case t::timeout:
    case t::interval_timeout:
    case t::deadline_timeout: {
      if (h.creation_time() == 0) malformed(entry, "a timeout needs a period (creation_time)");
      filter_.timeouts_.push_back({h.type(), h.creation_time()});
      Filter::Node node{Filter::Kind::timeout};
      node.type = h.type();
      node.source = static_cast<std::int32_t>(filter_.timeouts_.size() - 1);
      const auto self = add(node, depth);
      filter_.nodes_[self].end = self + 1;
      return;
    }
    default: break;
  }
  Filter::Node node{h.type() == t::null_designator ? Filter::Kind::null : Filter::Kind::type};
  node.type = h.type();
  node.source = h.source();
  const auto self = add(node, depth);
  filter_.nodes_[self].end = self + 1;
}

Filter Filter::build(const RtecEventChannelAdmin::ConsumerQOS& qos) {
  return FilterBuilder(qos.dependencies()).build();
}

namespace {

// The stateless reading of node `at` (a conjunction passes when any child does).
bool passes(const std::vector<Filter::Node>& nodes, std::uint32_t at, const Header& h) noexcept {
  const Filter::Node& n = nodes[at];
  switch (n.kind) {
    case Filter::Kind::type: return header_matches(n.type, n.source, h);
    case Filter::Kind::null: return true;
    case Filter::Kind::timeout: return h.type() == n.type;
    case Filter::Kind::masked_type:
      return (static_cast<std::uint32_t>(h.type()) & n.type_mask) == static_cast<std::uint32_t>(n.type) &&
             (static_cast<std::uint32_t>(h.source()) & n.source_mask) == static_cast<std::uint32_t>(n.source);
    case Filter::Kind::bitmask:
      if ((static_cast<std::uint32_t>(h.type()) & n.type_mask) == 0 ||
          (static_cast<std::uint32_t>(h.source()) & n.source_mask) == 0) {
        return false;
      }
      return passes(nodes, at + 1, h);
    case Filter::Kind::negation: return !passes(nodes, at + 1, h);
    case Filter::Kind::logical_and:
      for (std::uint32_t c = at + 1; c < n.end; c = nodes[c].end) {
        if (!passes(nodes, c, h)) return false;
      }
      return true;
    case Filter::Kind::conjunction:
    case Filter::Kind::disjunction:
      for (std::uint32_t c = at + 1; c < n.end; c = nodes[c].end) {
        if (passes(nodes, c, h)) return true;
      }
      return false;
  }
  return false;
}

}  // namespace

bool Filter::may_accept(const Header& header) const noexcept { return passes(nodes_, 0, header); }

FilterState::FilterState(const Filter& filter) : conjunctions_(filter.conjunction_count()) {
  for (const Filter::Node& n : filter.nodes()) {
    if (n.kind == Filter::Kind::conjunction) conjunctions_[n.conjunction_slot].seen.resize(n.children);
  }
}

FilterState::Verdict FilterState::offer(const Filter& filter, const RtecEventComm::Event& event,
                                        RtecEventComm::EventSet& collected) {
  if (!filter.has_conjunction()) {
    return passes(filter.nodes(), 0, event.header()) ? Verdict::deliver_event : Verdict::reject;
  }
  std::lock_guard lock(mutex_);
  bool fired = false;
  if (!evaluate(filter, 0, event, collected, fired)) return Verdict::reject;
  return fired ? Verdict::deliver_collected : Verdict::deliver_event;
}

// Conjunctions keep state only where they sit under disjunctions (or at the top): inside a
// negation, logical-and or bitmask a child is read statelessly, as `passes` reads it.
bool FilterState::evaluate(const Filter& filter, std::uint32_t at, const RtecEventComm::Event& event,
                           RtecEventComm::EventSet& collected, bool& fired) {
  const auto& nodes = filter.nodes();
  const Filter::Node& n = nodes[at];
  if (n.kind == Filter::Kind::disjunction) {
    bool any = false;
    for (std::uint32_t c = at + 1; c < n.end; c = nodes[c].end) {
      any = evaluate(filter, c, event, collected, fired) || any;
    }
    return any;
  }
  if (n.kind != Filter::Kind::conjunction) return passes(nodes, at, event.header());
  Conjunction& state = conjunctions_[n.conjunction_slot];
  bool taken = false;
  std::size_t child = 0;
  for (std::uint32_t c = at + 1; c < n.end; c = nodes[c].end, ++child) {
    if (passes(nodes, c, event.header())) {
      state.seen[child] = true;
      taken = true;
    }
  }
  if (!taken) return false;
  state.events.push_back(event);
  for (bool seen : state.seen) {
    if (!seen) return false;  // taken, but the group has not completed
  }
  collected.swap(state.events);
  state.events.clear();
  state.seen.assign(state.seen.size(), false);
  fired = true;
  return true;
}

}  // namespace rtorb::events
