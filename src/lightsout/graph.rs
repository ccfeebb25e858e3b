//! Lights Out on any graph: the σ+ game (a press changes the vertex and its neighbours) and the σ game (its neighbours only), with K states.
//!
//! Sutner, "Linear cellular automata and the Garden-of-Eden", Math.
//! Intelligencer 11(2), 1989, introduced σ and σ+ and proved that the
//! all-on σ+ board of every graph is solvable over GF(2) (the diagonal of a
//! symmetric 0/1 matrix lies in its column space). The system is the
//! grid's, `(A + I)·x = −s` or `A·x = −s` over Z/K, `A` the adjacency matrix,
//! solved by the same elimination (the graph has no rows to chase along).
//!
//! A graph is read as one edge `u v` per line (any words as vertex names,
//! `#` starting a comment, a lone word an isolated vertex), or in the DIMACS
//! format (`c` comments, `p edge N M`, then `e u v` with `1 ≤ u, v ≤ N`).
//!
//! ```
//! use puzzles::lightsout::{LightsOut, Answer, BoardSource, GraphRule, Request};
//! use puzzles::{Control, GridPuzzle, NoItems};
//!
//! // A path of three vertices, all on: pressing the middle one switches all off.
//! let path = BoardSource::Graph { name: "path".into(), text: "a b\nb c\n".into(), on: None, rule: GraphRule::SigmaPlus };
//! let Answer::Solve(s) = LightsOut::answer(&Request::new(path), &Control::new(), &mut NoItems)? else { panic!() };
//! assert_eq!(s.presses.unwrap().vertices(), Some(&["b".to_string()][..]));
//! # Ok::<(), puzzles::Error>(())
//! ```

use super::answer::{Answer, GraphRule, GraphSetup, Mode, Pressed, Request, Setup, Solution};
use super::system::System;
use super::variant::fewest_in_coset;
use super::LightsOutMethod;
use crate::control::Control;
use crate::error::{Error, Result};
use crate::flaw::Flaw;
use crate::input::Source;
use crate::linalg::band;
use crate::linalg::modular::{Modulus, Solutions};
use rand::Rng;
use std::collections::HashMap;

/// The most vertices a graph file may have.
pub const MAX_GRAPH_VERTICES: usize = 1 << 16;

/// A simple undirected graph with named vertices.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Graph {
    names: Vec<String>,
    neighbours: Vec<Vec<usize>>,
}

impl Graph {
    /// A graph on `names` with the edges `edges` (pairs of indices into
    /// `names`); loops are refused, repeated edges count once.
    pub fn new(names: Vec<String>, edges: &[(usize, usize)]) -> Result<Self> {
        let mut neighbours = vec![Vec::new(); names.len()];
        for &(u, v) in edges {
            if u == v {
                return Err(Error::usage(format!(
                    "the edge {0} {0} joins a vertex to itself",
                    names[u]
                )));
            }
            neighbours[u].push(v);
            neighbours[v].push(u);
        }
        for n in &mut neighbours {
            n.sort_unstable();
            n.dedup();
        }
        Ok(Graph { names, neighbours })
    }

    /// A random `degree`-regular graph on `n` vertices (named `0` to `n − 1`),
    /// the same for the same `seed`: points (`degree` per vertex) are paired
    /// at random, a pair taken only when it joins two distinct vertices not
    /// yet joined, starting over when no such pair is left (Steger & Wormald,
    /// "Generating random regular graphs quickly", Combinatorics, Probability
    /// and Computing 8, 1999). Random regular graphs are expanders: no order
    /// of their vertices makes a narrow band.
    ///
    /// Refused when `n × degree` is odd or `degree ≥ n`.
    pub fn random_regular(n: usize, degree: usize, seed: u64) -> Result<Self> {
        if (n * degree) % 2 == 1 || (n > 0 && degree >= n) {
            return Err(Error::usage(format!(
                "no {degree}-regular graph has {n} vertices"
            )));
        }
        let mut rng = crate::random::rng(seed);
        let names: Vec<String> = (0..n).map(|v| v.to_string()).collect();
        loop {
            let mut points: Vec<usize> = (0..n)
                .flat_map(|v| std::iter::repeat_n(v, degree))
                .collect();
            let mut joined: std::collections::HashSet<(usize, usize)> = Default::default();
            let mut edges = Vec::with_capacity(points.len() / 2);
            let mut misses = 0;
            while points.len() >= 2 && misses < 64 * points.len() {
                let i = rng.gen_range(0..points.len());
                let j = rng.gen_range(0..points.len());
                let (u, v) = (points[i], points[j]);
                if u == v || !joined.insert((u.min(v), u.max(v))) {
                    misses += 1;
                    continue;
                }
                edges.push((u, v));
                points.swap_remove(i.max(j));
                points.swap_remove(i.min(j));
            }
            if points.is_empty() {
                return Graph::new(names, &edges);
            }
        }
    }

    /// Reads an edge list or a DIMACS `p edge` file (see the module doc).
    pub fn parse(source: &Source) -> Result<Self> {
        let dimacs = source
            .text
            .lines()
            .map(str::trim)
            .find(|l| !l.is_empty() && !l.starts_with('c') && !l.starts_with('#'))
            .is_some_and(|l| l.starts_with("p "));
        if dimacs {
            parse_dimacs(source)
        } else {
            parse_edges(source)
        }
    }

    /// Number of vertices.
    pub fn len(&self) -> usize {
        self.names.len()
    }

    /// Whether the graph has no vertex.
    pub fn is_empty(&self) -> bool {
        self.names.is_empty()
    }

    /// The vertices' names, in the order they were first seen.
    pub fn names(&self) -> &[String] {
        &self.names
    }

    /// The neighbours of vertex `v`, increasing.
    pub fn neighbours(&self, v: usize) -> &[usize] {
        &self.neighbours[v]
    }

    /// The index of the vertex named `name`.
    pub fn vertex(&self, name: &str) -> Option<usize> {
        self.names.iter().position(|n| n == name)
    }

    /// Each vertex by its name, to look many names up.
    fn index(&self) -> HashMap<&str, usize> {
        (self.names.iter().enumerate())
            .map(|(i, n)| (n.as_str(), i))
            .collect()
    }
}

/// Where a word starts on its line (1-based column, in characters).
fn words(line: &str) -> impl Iterator<Item = (usize, &str)> {
    let mut col = 1;
    line.split_inclusive(char::is_whitespace)
        .filter_map(move |w| {
            let start = col;
            col += w.chars().count();
            let word = w.trim_end();
            (!word.is_empty()).then_some((start, word))
        })
}

fn parse_edges(source: &Source) -> Result<Graph> {
    let mut index: HashMap<String, usize> = HashMap::new();
    let mut names: Vec<String> = Vec::new();
    let mut edges = Vec::new();
    for (i, line) in source.text.lines().enumerate() {
        let line = line.split('#').next().unwrap_or("");
        let found: Vec<(usize, &str)> = words(line).collect();
        if let Some(&(col, extra)) = found.get(2) {
            return Err(source.error(
                i + 1,
                col,
                format!(
                    "'{}' after an edge: a line holds one edge `u v`",
                    extra.escape_debug()
                ),
            ));
        }
        let mut ids = Vec::new();
        for &(col, word) in &found {
            // The answer writes `name*c` for a vertex pressed c times.
            if let Some(star) = word.find('*') {
                return Err(source.error(
                    i + 1,
                    col + word[..star].chars().count(),
                    format!(
                        "vertex '{}': a name may not hold '*', which the answer uses for press counts (b*2: press b twice)",
                        word.escape_debug()
                    ),
                ));
            }
            let next = names.len();
            let id = *index.entry(word.to_string()).or_insert(next);
            if id == next {
                names.push(word.to_string());
                if names.len() > MAX_GRAPH_VERTICES {
                    return Err(too_many(names.len(), source, i + 1));
                }
            }
            ids.push(id);
        }
        if let [u, v] = ids[..] {
            if u == v {
                return Err(source.error(
                    i + 1,
                    found[1].0,
                    format!(
                        "the edge {0} {0} joins a vertex to itself",
                        found[0].1.escape_debug()
                    ),
                ));
            }
            edges.push((u, v));
        }
    }
    if names.is_empty() {
        return Err(source.error(1, 1, "no graph: the input has no vertex"));
    }
    Graph::new(names, &edges)
}

fn too_many(n: usize, source: &Source, line: usize) -> Error {
    Error::TooLarge {
        bound: crate::error::Bound::Other("graph vertices"),
        got: n.into(),
        limit: MAX_GRAPH_VERTICES.into(),
        note: format!(" (in {}, by line {line})", source.name),
    }
}

fn parse_dimacs(source: &Source) -> Result<Graph> {
    let mut vertices: Option<usize> = None;
    // The edge count the header announces, and its line and column.
    let mut announced = (0, 0, 0);
    let mut edges = Vec::new();
    for (i, text) in source.text.lines().enumerate() {
        let line = DimacsLine {
            source,
            at: i + 1,
            text,
            found: words(text).collect(),
        };
        match line.found.first().map(|w| w.1) {
            None | Some("c") => {}
            Some(w) if w.starts_with('#') => {}
            Some("p") if vertices.is_none() => {
                let (n, header) = line.header()?;
                announced = header;
                vertices = Some(n);
            }
            Some("e") if vertices.is_some() => edges.push(line.edge(vertices.unwrap_or(0))?),
            Some(_) => {
                return Err(source.error(
                    line.at,
                    line.found[0].0,
                    if vertices.is_none() {
                        "expected `p edge N M` before the edges"
                    } else {
                        "expected `e u v` or a `c` comment"
                    },
                ))
            }
        }
    }
    let n = vertices.ok_or_else(|| source.error(1, 1, "no `p edge N M` line"))?;
    let graph = Graph::new((1..=n).map(|v| v.to_string()).collect(), &edges)?;
    // The header's count is of edge lines, or of edges (a file may list both directions).
    let (m, line, col) = announced;
    let distinct = graph.neighbours.iter().map(Vec::len).sum::<usize>() / 2;
    if m != edges.len() && m != distinct {
        return Err(source.error(
            line,
            col,
            format!(
                "the header announces {m} edges, the file gives {} (`e` lines)",
                edges.len()
            ),
        ));
    }
    Ok(graph)
}

/// One line of a DIMACS file, with its words and their columns.
struct DimacsLine<'a> {
    source: &'a Source,
    /// The line's number, from 1.
    at: usize,
    text: &'a str,
    found: Vec<(usize, &'a str)>,
}

impl DimacsLine<'_> {
    /// Word `k` read as a number, or an error saying `what` was expected.
    fn number(&self, k: usize, what: &str) -> Result<usize> {
        let (col, word) = self
            .found
            .get(k)
            .copied()
            .unwrap_or((self.text.len() + 1, ""));
        word.parse::<usize>().map_err(|_| {
            self.source.error(
                self.at,
                col,
                format!("expected {what}, found '{}'", word.escape_debug()),
            )
        })
    }

    /// The header `p edge N M`: N, and M with its line and column.
    fn header(&self) -> Result<(usize, (usize, usize, usize))> {
        let (source, found) = (self.source, &self.found);
        if found.get(1).map(|w| w.1) != Some("edge") {
            let col = found.get(1).map_or(self.text.len() + 1, |w| w.0);
            return Err(source.error(self.at, col, "expected `p edge N M`"));
        }
        let n = self.number(2, "the number of vertices")?;
        if n > MAX_GRAPH_VERTICES {
            return Err(too_many(n, source, self.at));
        }
        if n == 0 {
            return Err(source.error(self.at, found[2].0, "no graph: 0 vertices"));
        }
        let m = self.number(3, "the number of edges")?;
        Ok((n, (m, self.at, found[3].0)))
    }

    /// The edge `e u v` of a graph of `n` vertices, numbered from 0.
    fn edge(&self, n: usize) -> Result<(usize, usize)> {
        let (source, found) = (self.source, &self.found);
        let mut ends = [0usize; 2];
        for (slot, k) in ends.iter_mut().zip([1, 2]) {
            let v = self.number(k, "a vertex number")?;
            if v == 0 || v > n {
                return Err(source.error(
                    self.at,
                    found[k].0,
                    format!("vertex {v} is not among 1..{n}"),
                ));
            }
            *slot = v - 1;
        }
        if ends[0] == ends[1] {
            return Err(source.error(
                self.at,
                found[2].0,
                format!("the edge {0} {0} joins a vertex to itself", ends[0] + 1),
            ));
        }
        if let Some(&(col, _)) = found.get(3) {
            return Err(source.error(self.at, col, "a line holds one edge `e u v`"));
        }
        Ok((ends[0], ends[1]))
    }
}

/// Lights Out on a graph: K states, σ+ (`with_self`) or σ.
#[derive(Debug, Clone)]
pub struct GraphGame {
    graph: Graph,
    states: Modulus,
    with_self: bool,
}

impl GraphGame {
    /// The game on `graph` with `states` states (2..=255); `with_self` for σ+.
    ///
    pub fn new(graph: Graph, states: u32, with_self: bool) -> Result<Self> {
        let states = Modulus::new(states)?;
        Ok(GraphGame {
            graph,
            states,
            with_self,
        })
    }

    /// The graph.
    pub fn graph(&self) -> &Graph {
        &self.graph
    }

    /// Every vertex at state 1.
    pub fn all_on(&self) -> Vec<u8> {
        vec![1; self.graph.len()]
    }

    /// State 1 on the vertices named, 0 elsewhere; an unknown name is an error.
    pub fn lights_on<'a>(&self, names: impl IntoIterator<Item = &'a str>) -> Result<Vec<u8>> {
        let index = self.graph.index();
        let mut lights = vec![0; self.graph.len()];
        // An empty name (`--on ''`, or a trailing comma) names no vertex.
        for name in names.into_iter().filter(|n| !n.is_empty()) {
            match index.get(name) {
                Some(&v) => lights[v] = 1,
                None => {
                    return Err(Error::usage(format!(
                        "vertex '{}' is not in the graph",
                        name.escape_debug()
                    )))
                }
            }
        }
        Ok(lights)
    }

    /// The states after pressing each vertex as many times as `presses` says.
    pub fn after(&self, lights: &[u8], presses: &[u8]) -> Vec<u8> {
        let k = self.states;
        let mut out = lights.to_vec();
        for (v, &times) in presses.iter().enumerate() {
            if times != 0 {
                if self.with_self {
                    out[v] = k.add(out[v], times);
                }
                for &u in self.graph.neighbours(v) {
                    out[u] = k.add(out[u], times);
                }
            }
        }
        out
    }

    /// Solves `lights` (one state per vertex): one solution, the kernel, or the witness.
    ///
    /// Refused, naming the limit, when the graph is too large for the elimination
    /// (the band elimination takes graphs whose vertices line up in a narrow band,
    /// as grids, cycles and paths do; the sparse-direct one, over GF(2) and
    /// GF(p), takes the rest while its dense core fits: over GF(2) at most 65,536
    /// unknowns, fewer when memory is short; over GF(p) 32,768).
    pub fn solve(&self, lights: &[u8]) -> Result<Solutions> {
        let k = self.states;
        let n = self.graph.len();
        let mut ones: Vec<(usize, usize)> = Vec::new();
        for v in 0..n {
            if self.with_self {
                ones.push((v, v));
            }
            ones.extend(self.graph.neighbours(v).iter().map(|&u| (u, v)));
        }
        let rhs: Vec<u8> = lights.iter().map(|&x| k.neg(x)).collect();
        System {
            k,
            n,
            ones: &ones,
            symmetric: true,
            orders: vec![band::identity(n), band::cuthill_mckee(n, &ones)],
            what: "graph vertices",
        }
        .solve(&rhs)
    }

    /// Answers `request` on `lights` (one state per vertex): solves and
    /// verifies, with the fewest presses when asked (exact when every solution
    /// could be compared, `minimal` says), or counts. The witness of an
    /// unsolvable board is checked. Listings and quiet patterns are refused.
    pub(crate) fn answer(&self, lights: &[u8], request: &Request, ctl: &Control) -> Result<Answer> {
        let fewest = fewest_asked(request)?;
        if lights.len() != self.graph.len() {
            return Err(Error::usage(format!(
                "{} states for {} vertices",
                lights.len(),
                self.graph.len()
            )));
        }
        let s = self.solve(lights)?;
        let (presses, minimal) = match (&s.particular, fewest) {
            (Some(p), true) => {
                let (best, proven) = fewest_in_coset(p, &s.kernel, self.states, ctl);
                // No press at all is the fewest, whatever the search could prove.
                let none = best.iter().all(|&v| v == 0);
                (Some(best), Some(proven || none))
            }
            (p, _) => (p.clone(), None),
        };
        self.check(lights, presses.as_deref(), s.witness.as_deref())?;
        let solution = Solution {
            setup: self.setup(),
            method: LightsOutMethod::Gauss,
            state: None,
            solvable: s.particular.is_some(),
            nullity: s.kernel.len(),
            solutions: s.count(),
            press_count: presses.as_ref().map(|p| p.iter().map(|&c| c as u64).sum()),
            presses: presses.as_deref().map(|x| self.named(x)),
            minimal,
            witness: s.witness.as_deref().map(|x| self.named(x)),
            overlap: None,
            quiet_patterns: None,
            quiet_orders: None,
            interrupted: fewest && ctl.stopped(),
            output: None,
        };
        Ok(match request.mode {
            Mode::Count => Answer::Count(solution.count()),
            _ => Answer::Solve(solution),
        })
    }

    /// Checks that `presses` switch `lights` off and that `witness` proves
    /// them unsolvable.
    fn check(&self, lights: &[u8], presses: Option<&[u8]>, witness: Option<&[u8]>) -> Result<()> {
        if let Some(p) = presses {
            if let Some(v) = self.after(lights, p).iter().position(|&x| x != 0) {
                return Err(Error::Check(format!(
                    "vertex {} is left on after the presses",
                    self.graph.names[v]
                )));
            }
        }
        if let Some(w) = witness {
            // M is symmetric: w·M = 0 says pressing by w changes nothing.
            let quiet = self.after(&vec![0; w.len()], w).iter().all(|&x| x == 0);
            let dot: u64 = w
                .iter()
                .zip(lights)
                .map(|(&a, &b)| a as u64 * b as u64)
                .sum();
            if !quiet || dot % self.states.get() as u64 == 0 {
                return Err(Error::Check(
                    "the witness does not prove the board unsolvable".into(),
                ));
            }
        }
        Ok(())
    }

    /// The graph and its rule, as the answers give them.
    pub(crate) fn setup(&self) -> Setup {
        Setup::Graph(GraphSetup {
            vertices: self.graph.len(),
            edges: self.graph.neighbours.iter().map(Vec::len).sum::<usize>() / 2,
            states: self.states.get(),
            game: match self.with_self {
                true => GraphRule::SigmaPlus,
                false => GraphRule::Sigma,
            },
        })
    }

    /// How many times each vertex is pressed by the names `pressed` (each
    /// `name`, or `name*c` for `c` presses; a name given twice adds up); the
    /// first name that is no vertex is the flaw.
    pub(crate) fn presses_of(&self, pressed: &[String]) -> std::result::Result<Vec<u64>, Flaw> {
        let index = self.graph.index();
        let mut times = vec![0u64; self.graph.len()];
        for word in pressed.iter().map(|w| w.trim()).filter(|w| !w.is_empty()) {
            let (v, c) = match index.get(word) {
                Some(&v) => (Some(v), 1),
                None => match word.rsplit_once('*') {
                    Some((name, c)) => (index.get(name).copied(), c.parse::<u64>().unwrap_or(0)),
                    None => (None, 0),
                },
            };
            match (v, c) {
                (Some(v), c) if c > 0 => times[v] += c,
                _ => {
                    return Err(Flaw::NoSuchVertex {
                        name: word.to_string(),
                    })
                }
            }
        }
        Ok(times)
    }

    /// The states of the vertices after `times` presses of each (a vertex
    /// pressed K times is as good as not pressed).
    pub(crate) fn after_times(&self, lights: &[u8], times: &[u64]) -> Vec<u8> {
        let k = u64::from(self.states.get());
        let reduced: Vec<u8> = times.iter().map(|&t| (t % k) as u8).collect();
        self.after(lights, &reduced)
    }

    /// The vertices pressed by `x`, by name (`name*c` when pressed `c` times);
    /// of a board's states, the vertices on (`name*c` at state `c`).
    pub(crate) fn named(&self, x: &[u8]) -> Pressed {
        Pressed::Vertices(
            x.iter()
                .enumerate()
                .filter(|(_, &c)| c != 0)
                .map(|(v, &c)| match c {
                    1 => self.graph.names[v].clone(),
                    _ => format!("{}*{c}", self.graph.names[v]),
                })
                .collect(),
        )
    }
}

/// Whether `request` asks for the fewest presses; the modes and methods a
/// graph does not take are refused.
fn fewest_asked(request: &Request) -> Result<bool> {
    if request.method.is_some_and(|m| m != LightsOutMethod::Gauss) {
        return Err(Error::usage(
            "a graph has no rows to chase: it is solved by elimination (method gauss)",
        ));
    }
    Ok(match request.mode {
        Mode::Solve {
            quiet_patterns: true,
            ..
        } => {
            return Err(Error::usage(
                "a graph's quiet patterns are not reported: its nullity is",
            ))
        }
        Mode::List { .. } => {
            return Err(Error::usage(
                "a graph's solutions are not listed: ask for one, the fewest or the count",
            ))
        }
        Mode::Solve { fewest, .. } => fewest,
        _ => false,
    })
}

#[cfg(test)]
mod tests;
