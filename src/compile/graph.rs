//! The predicate graph of a rule set: facts, terms, rulings and the verdict, with an edge
//! from each predicate to every predicate that uses it (and from a ruling to the rulings it
//! overrides). Evaluation follows its topological order; `xqlaw graph` prints it.
//!
//! petgraph's types stay inside this module.

use std::collections::{HashMap, HashSet, VecDeque};
use std::fmt::Write as _;

use petgraph::algo::{tarjan_scc, toposort};
use petgraph::graph::{DiGraph, NodeIndex};
use petgraph::visit::{Bfs, EdgeFiltered, EdgeRef};

/// A node of the predicate graph.
#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum GraphNode {
    /// A fact of the registry.
    Fact(String),
    /// A term.
    Term(String),
    /// A ruling.
    Ruling(String),
    /// The verdict table.
    Verdict,
}

impl GraphNode {
    /// The node's name (`verdict` for the verdict).
    pub fn name(&self) -> &str {
        match self {
            GraphNode::Fact(n) | GraphNode::Term(n) | GraphNode::Ruling(n) => n,
            GraphNode::Verdict => "verdict",
        }
    }

    fn kind(&self) -> &'static str {
        match self {
            GraphNode::Fact(_) => "fact",
            GraphNode::Term(_) => "term",
            GraphNode::Ruling(_) => "ruling",
            GraphNode::Verdict => "verdict",
        }
    }
}

/// What an edge means.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum EdgeKind {
    /// The target uses the source.
    Uses,
    /// The source ruling overrides the target ruling.
    Overrides,
}

/// The predicate graph.
#[derive(Debug, Clone, Default)]
pub struct RuleGraph {
    graph: DiGraph<GraphNode, EdgeKind>,
    index: HashMap<GraphNode, NodeIndex>,
    /// The edges already added: a fact used by thousands of rulings would otherwise make
    /// each addition scan all its edges, and compilation quadratic.
    edges: HashSet<(NodeIndex, NodeIndex, EdgeKind)>,
}

/// How to print a graph.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum GraphFormat {
    /// Graphviz.
    Dot,
    /// Mermaid flowchart.
    Mermaid,
}

impl RuleGraph {
    /// An empty graph.
    pub fn new() -> RuleGraph {
        RuleGraph::default()
    }

    /// Adds a node (once).
    pub fn add_node(&mut self, node: GraphNode) {
        self.node(node);
    }

    fn node(&mut self, node: GraphNode) -> NodeIndex {
        if let Some(ix) = self.index.get(&node) {
            return *ix;
        }
        let ix = self.graph.add_node(node.clone());
        self.index.insert(node, ix);
        ix
    }

    /// Adds the edge `from → to` (once).
    pub fn add_edge(&mut self, from: GraphNode, to: GraphNode, kind: EdgeKind) {
        let (a, b) = (self.node(from), self.node(to));
        if self.edges.insert((a, b, kind)) {
            self.graph.add_edge(a, b, kind);
        }
    }

    /// Every node, in insertion order.
    pub fn nodes(&self) -> impl Iterator<Item = &GraphNode> {
        self.graph.node_weights()
    }

    /// Every edge as `(from, to, kind)`, in insertion order.
    pub fn edges(&self) -> impl Iterator<Item = (&GraphNode, &GraphNode, EdgeKind)> {
        self.graph.edge_references().filter_map(|e| {
            Some((
                self.graph.node_weight(e.source())?,
                self.graph.node_weight(e.target())?,
                *e.weight(),
            ))
        })
    }

    /// The terms and rulings that use `node`, directly or through other terms, in insertion
    /// order: what a change to `node` can change. Override edges are not followed.
    pub fn users(&self, node: &GraphNode) -> Vec<GraphNode> {
        let Some(&start) = self.index.get(node) else {
            return Vec::new();
        };
        let uses = EdgeFiltered::from_fn(&self.graph, |e| *e.weight() == EdgeKind::Uses);
        let mut reached = HashSet::new();
        let mut bfs = Bfs::new(&uses, start);
        while let Some(ix) = bfs.next(&uses) {
            if ix != start {
                reached.insert(ix);
            }
        }
        self.graph
            .node_indices()
            .filter(|ix| reached.contains(ix))
            .filter_map(|ix| self.graph.node_weight(ix).cloned())
            .filter(|n| !matches!(n, GraphNode::Verdict))
            .collect()
    }

    /// The nodes in an order where every edge goes forward, or `None` if there is a cycle.
    /// Ties are broken by insertion order.
    pub fn topological_order(&self) -> Option<Vec<GraphNode>> {
        // petgraph's toposort is deterministic for a given graph; we still sort ready nodes by
        // insertion order (Kahn's algorithm) so the order reads like the file.
        toposort(&self.graph, None).ok()?;
        let mut indegree: Vec<usize> = self
            .graph
            .node_indices()
            .map(|n| {
                self.graph
                    .neighbors_directed(n, petgraph::Direction::Incoming)
                    .count()
            })
            .collect();
        let mut ready: std::collections::BTreeSet<usize> = indegree
            .iter()
            .enumerate()
            .filter(|(_, d)| **d == 0)
            .map(|(i, _)| i)
            .collect();
        let mut order = Vec::with_capacity(indegree.len());
        while let Some(i) = ready.pop_first() {
            let ix = NodeIndex::new(i);
            order.push(self.graph.node_weight(ix)?.clone());
            for next in self
                .graph
                .neighbors_directed(ix, petgraph::Direction::Outgoing)
            {
                let d = indegree.get_mut(next.index())?;
                *d = d.saturating_sub(1);
                if *d == 0 {
                    ready.insert(next.index());
                }
            }
        }
        Some(order)
    }

    /// The cycles of the graph, each as a path `a → b → … → a` starting at its
    /// earliest-inserted node, following the edges.
    pub fn cycles(&self) -> Vec<Vec<GraphNode>> {
        let mut cycles = Vec::new();
        for scc in tarjan_scc(&self.graph) {
            let Some(start) = scc.iter().min().copied() else {
                continue;
            };
            let members: HashSet<NodeIndex> = scc.iter().copied().collect();
            let self_loop = self.graph.contains_edge(start, start);
            if scc.len() == 1 && !self_loop {
                continue;
            }
            if let Some(path) = self.path_back(start, &members) {
                cycles.push(
                    path.into_iter()
                        .filter_map(|ix| self.graph.node_weight(ix).cloned())
                        .collect(),
                );
            }
        }
        cycles.sort();
        cycles
    }

    /// A shortest path from `start` back to itself inside `members`.
    fn path_back(&self, start: NodeIndex, members: &HashSet<NodeIndex>) -> Option<Vec<NodeIndex>> {
        let mut parent: HashMap<NodeIndex, NodeIndex> = HashMap::new();
        let mut queue = VecDeque::from([start]);
        while let Some(n) = queue.pop_front() {
            let mut next: Vec<NodeIndex> = self
                .graph
                .neighbors(n)
                .filter(|m| members.contains(m))
                .collect();
            next.sort();
            for m in next {
                if m == start {
                    let mut path = vec![start, n];
                    let mut cur = n;
                    while cur != start {
                        cur = *parent.get(&cur)?;
                        path.push(cur);
                    }
                    path.reverse();
                    // `path` now reads start … n start; drop the duplicated start at the front
                    // when n == start (a self loop gives [start, start]).
                    return Some(path);
                }
                if let std::collections::hash_map::Entry::Vacant(e) = parent.entry(m) {
                    e.insert(n);
                    queue.push_back(m);
                }
            }
        }
        None
    }

    /// Prints the graph as Graphviz or Mermaid.
    pub fn render(&self, format: GraphFormat) -> String {
        match format {
            GraphFormat::Dot => self.to_dot(),
            GraphFormat::Mermaid => self.to_mermaid(),
        }
    }

    /// Graphviz `digraph`: facts as ellipses, terms as boxes, rulings as double octagons, the
    /// verdict as a house; override edges dashed.
    pub fn to_dot(&self) -> String {
        let mut out = String::from("digraph rules {\n    rankdir=LR;\n");
        for node in self.nodes() {
            let shape = match node {
                GraphNode::Fact(_) => "ellipse",
                GraphNode::Term(_) => "box",
                GraphNode::Ruling(_) => "doubleoctagon",
                GraphNode::Verdict => "house",
            };
            let _ = writeln!(
                out,
                "    \"{}:{}\" [label=\"{}\", shape={shape}];",
                node.kind(),
                node.name(),
                node.name()
            );
        }
        for (a, b, kind) in self.edges() {
            let style = match kind {
                EdgeKind::Uses => String::new(),
                EdgeKind::Overrides => " [style=dashed, label=\"overrides\"]".to_owned(),
            };
            let _ = writeln!(
                out,
                "    \"{}:{}\" -> \"{}:{}\"{style};",
                a.kind(),
                a.name(),
                b.kind(),
                b.name()
            );
        }
        out.push_str("}\n");
        out
    }

    /// Mermaid `flowchart LR`.
    pub fn to_mermaid(&self) -> String {
        let mut out = String::from("flowchart LR\n");
        let id = |n: &GraphNode| format!("{}_{}", n.kind(), n.name().replace('-', "_"));
        for node in self.nodes() {
            let (open, close) = match node {
                GraphNode::Fact(_) => ("([", "])"),
                GraphNode::Term(_) => ("[", "]"),
                GraphNode::Ruling(_) => ("{{", "}}"),
                GraphNode::Verdict => ("[/", "\\]"),
            };
            let _ = writeln!(out, "    {}{open}\"{}\"{close}", id(node), node.name());
        }
        for (a, b, kind) in self.edges() {
            let arrow = match kind {
                EdgeKind::Uses => "-->",
                EdgeKind::Overrides => "-. overrides .->",
            };
            let _ = writeln!(out, "    {} {arrow} {}", id(a), id(b));
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn t(n: &str) -> GraphNode {
        GraphNode::Term(n.to_owned())
    }

    #[test]
    fn finds_cycle_path() {
        let mut g = RuleGraph::new();
        g.add_edge(t("a"), t("b"), EdgeKind::Uses);
        g.add_edge(t("b"), t("c"), EdgeKind::Uses);
        g.add_edge(t("c"), t("a"), EdgeKind::Uses);
        g.add_edge(t("d"), t("d"), EdgeKind::Uses);
        let cycles = g.cycles();
        assert_eq!(
            cycles,
            vec![vec![t("a"), t("b"), t("c"), t("a")], vec![t("d"), t("d")]]
        );
        assert!(g.topological_order().is_none());
    }

    #[test]
    fn topological_order_follows_insertion() {
        let mut g = RuleGraph::new();
        g.add_node(t("x"));
        g.add_edge(t("a"), t("b"), EdgeKind::Uses);
        g.add_edge(t("x"), t("b"), EdgeKind::Uses);
        assert_eq!(g.topological_order().unwrap(), vec![t("x"), t("a"), t("b")]);
    }

    #[test]
    fn users_are_found_through_terms_but_not_through_overrides() {
        let r = |n: &str| GraphNode::Ruling(n.to_owned());
        let mut g = RuleGraph::new();
        g.add_edge(t("a"), t("b"), EdgeKind::Uses);
        g.add_edge(t("b"), r("x"), EdgeKind::Uses);
        g.add_edge(r("x"), r("y"), EdgeKind::Overrides);
        g.add_edge(r("x"), GraphNode::Verdict, EdgeKind::Uses);
        assert_eq!(g.users(&t("a")), vec![t("b"), r("x")]);
        assert!(g.users(&r("y")).is_empty());
        assert!(g.users(&t("nowhere")).is_empty());
    }
}
