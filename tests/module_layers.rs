//! Architecture rule: no import cycles between the modules of any crate.
//!
//! Reads the source of every workspace crate (std only; no cargo metadata, no dependency on the
//! crates), rebuilds each module tree from `src/lib.rs` / `src/main.rs` and the file layout
//! (`foo.rs` + `foo/`, `foo/mod.rs`, inline `mod foo { .. }`), and collects the paths each module
//! names, in `use` trees and inline (`crate::net::Ending::Win`, `super::super::x::Y`, or `alias::Y`
//! after `use ... as alias`). A path resolves to the deepest module it names; an item a module only
//! imports (`pub use a::b::Item`, globs too) is followed, a few hops, to where it is defined.
//!
//! Siblings A and B (same parent) have an edge A -> B when code in A's subtree names something in
//! B's subtree; references to ancestors or descendants are not sibling edges. Every strongly
//! connected component of siblings is reported with an example reference (`file:line`) per edge.
//! `#[cfg(test)]` code, `tests/`, `benches/`, `examples/` and non-member crates (fuzz) are skipped.

use std::collections::{BTreeMap, BTreeSet, HashMap, HashSet, VecDeque};
use std::fs;
use std::path::{Path, PathBuf};

/// Reads a source file, or `None` if there is none.
type Read<'a> = &'a dyn Fn(&Path) -> Option<String>;
/// Tokens with their 1-based line numbers.
type Toks = [(Tok, usize)];
/// Sibling edges: module -> the siblings it names.
type Graph = BTreeMap<usize, BTreeSet<usize>>;

/// A token: just enough of Rust to follow paths, `use` trees and items.
#[derive(Clone, Debug, PartialEq)]
enum Tok {
    /// An identifier or keyword (`$crate` is `$` then `crate`).
    Ident(String),
    /// A string literal's raw contents (for `#[path = "..."]`).
    Str(String),
    /// The path separator `::`.
    Sep,
    /// Any other punctuation character.
    Punct(char),
}

/// Words that start a path relative to the module tree.
const PATH_STARTS: [&str; 3] = ["crate", "super", "self"];
/// Keywords followed (after any of [`MODIFIERS`]) by the name of an item they define.
const ITEM_KEYWORDS: [&str; 9] =
    ["fn", "struct", "enum", "trait", "type", "const", "static", "union", "macro_rules"];
/// Words that may stand between an item keyword and the item's name.
const MODIFIERS: [&str; 5] = ["fn", "unsafe", "async", "extern", "const"];

/// If a string literal (plain, raw, byte or C) starts at `c[i]`: its end and contents.
fn string_at(c: &[char], i: usize) -> Option<(usize, String)> {
    let mut j = i + usize::from(matches!(c[i], 'b' | 'c'));
    let raw = c.get(j) == Some(&'r');
    j += usize::from(raw);
    let hashes = if raw { c[j..].iter().take_while(|&&h| h == '#').count() } else { 0 };
    j += hashes;
    if c.get(j) != Some(&'"') {
        return None;
    }
    let closes = |k: usize| c[k] == '"' && c[k + 1..].iter().take_while(|&&h| h == '#').count() >= hashes;
    let mut k = j + 1;
    while k < c.len() && !closes(k) {
        k += if c[k] == '\\' && !raw { 2 } else { 1 };
    }
    let end = k.min(c.len());
    Some(((end + 1 + hashes).min(c.len()), c[j + 1..end].iter().collect()))
}

/// Splits source into tokens, dropping comments (doc comments too), whitespace, char and number
/// literals and lifetimes.
fn tokenize(src: &str) -> Vec<(Tok, usize)> {
    let c: Vec<char> = src.chars().collect();
    let is_ident = |ch: char| ch.is_alphanumeric() || ch == '_';
    let (mut i, mut line, mut out) = (0, 1, Vec::new());
    while i < c.len() {
        let next = c.get(i + 1).copied().unwrap_or(' ');
        let (end, tok) = if c[i].is_whitespace() {
            (i + 1, None)
        } else if c[i] == '/' && next == '/' {
            (c[i..].iter().position(|&ch| ch == '\n').map_or(c.len(), |p| i + p), None)
        } else if c[i] == '/' && next == '*' {
            let (mut j, mut depth) = (i + 2, 1);
            while j < c.len() && depth > 0 {
                let pair = (c[j], c.get(j + 1).copied().unwrap_or(' '));
                let step = matches!(pair, ('/', '*') | ('*', '/'));
                depth += i32::from(pair == ('/', '*')) - i32::from(pair == ('*', '/'));
                j += if step { 2 } else { 1 };
            }
            (j.min(c.len()), None)
        } else if let Some((end, text)) = string_at(&c, i).filter(|_| matches!(c[i], '"' | 'b' | 'c' | 'r')) {
            (end, Some(Tok::Str(text)))
        } else if c[i] == '\'' {
            let end = if next == '\\' {
                c[i + 3..].iter().position(|&ch| ch == '\'').map_or(c.len(), |p| i + 4 + p)
            } else if c.get(i + 2) == Some(&'\'') {
                i + 3 // a char literal; otherwise a lifetime
            } else {
                i + 1 + c[i + 1..].iter().take_while(|&&ch| is_ident(ch)).count()
            };
            (end, None)
        } else if is_ident(c[i]) {
            let end = i + c[i..].iter().take_while(|&&ch| is_ident(ch)).count();
            (end, (!c[i].is_ascii_digit()).then(|| Tok::Ident(c[i..end].iter().collect())))
        } else if c[i] == ':' && next == ':' {
            (i + 2, Some(Tok::Sep))
        } else {
            (i + 1, Some(Tok::Punct(c[i])))
        };
        out.extend(tok.map(|t| (t, line)));
        line += c[i..end].iter().filter(|&&ch| ch == '\n').count();
        i = end;
    }
    out
}

/// Whether `toks[i]` is the punctuation `ch`.
fn is_punct(toks: &Toks, i: usize, ch: char) -> bool {
    matches!(toks.get(i), Some((Tok::Punct(p), _)) if *p == ch)
}

/// The identifier at `toks[i]`, if it is one.
fn ident(toks: &Toks, i: usize) -> Option<&str> {
    match toks.get(i) {
        Some((Tok::Ident(word), _)) => Some(word),
        _ => None,
    }
}

/// The index just past the bracketed group opening at `toks[open]`; or, for an `item`, just past
/// the `;` or closing `}` that ends the item starting there.
fn group_end(toks: &Toks, open: usize, item: bool) -> usize {
    let mut depth = 0;
    for (k, (tok, _)) in toks.iter().enumerate().skip(open) {
        match tok {
            Tok::Punct('(' | '[' | '{') => depth += 1,
            Tok::Punct(close @ (')' | ']' | '}')) => {
                depth -= 1;
                if depth <= 0 && (!item || *close == '}') {
                    return k + 1;
                }
            }
            Tok::Punct(';') if item && depth == 0 => return k + 1,
            _ => {}
        }
    }
    toks.len()
}

/// Parses one `use` tree at `toks[*i]`, appending `(bound name, path, line)` for each leaf (a glob
/// binds `*` to its prefix; `{self}` binds the prefix's last name).
fn use_tree(
    toks: &Toks,
    i: &mut usize,
    mut prefix: Vec<String>,
    out: &mut Vec<(String, Vec<String>, usize)>,
) {
    while let Some((tok, line)) = toks.get(*i) {
        *i += 1;
        match tok {
            Tok::Sep | Tok::Punct('$') => {}
            Tok::Punct('*') => return out.push(("*".into(), prefix, *line)),
            Tok::Punct('{') => {
                while *i < toks.len() && !is_punct(toks, *i, '}') {
                    let before = *i;
                    use_tree(toks, i, prefix.clone(), out);
                    *i += usize::from(is_punct(toks, *i, ',') || *i == before);
                }
                *i += 1;
                return;
            }
            Tok::Ident(seg) => {
                if seg != "self" || prefix.is_empty() {
                    prefix.push(seg.clone());
                }
                if matches!(toks.get(*i), Some((Tok::Sep, _))) {
                    continue;
                }
                let mut bound = prefix.last().cloned().unwrap_or_default();
                if ident(toks, *i) == Some("as") {
                    bound = ident(toks, *i + 1).map_or(bound, String::from);
                    *i += 2;
                }
                return out.push((bound, prefix, *line));
            }
            _ => return,
        }
    }
}

/// Whether an attribute's tokens (inside `#[..]`) are `cfg(test)`, or an `all`/`any` with `test`.
fn is_cfg_test(attr: &Toks) -> bool {
    let has = |w: &str| attr.iter().any(|(t, _)| *t == Tok::Ident(w.into()));
    ident(attr, 0) == Some("cfg") && has("test") && !has("not")
}

/// One module of a crate.
#[derive(Default)]
struct Module {
    /// Its name (`crate` for the root).
    name: String,
    /// The module it is declared in.
    parent: Option<usize>,
    /// Its child modules by name.
    children: BTreeMap<String, usize>,
    /// The directory holding the files of its `mod x;` children.
    child_dir: PathBuf,
    /// The file its code is in, relative to `src/`.
    file: String,
    /// Names of the items it defines at its top level.
    defs: HashSet<String>,
    /// Its `use` imports: bound name (`*` for a glob) and path.
    imports: Vec<(String, Vec<String>)>,
    /// The paths its code names, with their lines.
    refs: Vec<(Vec<String>, usize)>,
}

/// A crate's module tree.
struct Tree<'a> {
    /// All modules; 0 is the crate root.
    mods: Vec<Module>,
    /// The directory file names are shown relative to.
    src: PathBuf,
    /// How files are read.
    read: Read<'a>,
}

impl Tree<'_> {
    /// The child `name` of `parent`, created if new (`cfg` variants of a module share one node).
    fn child(&mut self, parent: usize, name: &str, child_dir: PathBuf, file: String) -> usize {
        if let Some(&id) = self.mods[parent].children.get(name) {
            return id;
        }
        let id = self.mods.len();
        self.mods[parent].children.insert(name.into(), id);
        let module = Module { name: name.into(), parent: Some(parent), child_dir, file, ..Module::default() };
        self.mods.push(module);
        self.mods.len() - 1
    }

    /// Declares and reads `mod name;` of `parent`, whose code is in `file`: `name.rs` (children in
    /// `name/`), else `name/mod.rs`, or the `#[path]` given (children beside it).
    fn load_child(&mut self, parent: usize, name: &str, file: &Path, path_attr: Option<String>) {
        let dir = self.mods[parent].child_dir.clone();
        let flat = dir.join(format!("{name}.rs"));
        let (path, child_dir) = match path_attr {
            Some(p) => (file.with_file_name(p), None),
            None if (self.read)(&flat).is_some() => (flat, Some(dir.join(name))),
            None => (dir.join(name).join("mod.rs"), None),
        };
        let child_dir = child_dir.unwrap_or_else(|| path.parent().unwrap_or(&dir).to_path_buf());
        let shown = path.strip_prefix(&self.src).unwrap_or(&path).display().to_string();
        let child = self.child(parent, name, child_dir, shown);
        self.load(child, &path);
    }

    /// Reads `file` as the code of module `id` (and its inline and file children), skipping
    /// `#[cfg(test)]` items. False if the file cannot be read.
    fn load(&mut self, id: usize, file: &Path) -> bool {
        let Some(text) = (self.read)(file) else { return false };
        let toks = tokenize(&text);
        let mut stack = vec![(id, 0)]; // the open modules, with the brace depth of their bodies
        let (mut i, mut depth, mut test_item, mut path_attr) = (0, 0, false, None);
        while i < toks.len() {
            let (cur, base) = stack[stack.len() - 1];
            let open = i + 1 + usize::from(is_punct(&toks, i + 1, '!'));
            if is_punct(&toks, i, '#') && is_punct(&toks, open, '[') {
                let end = group_end(&toks, open, false);
                let attr = &toks[open + 1..(end - 1).max(open + 1)];
                if is_cfg_test(attr) && open > i + 1 && stack.len() == 1 {
                    return true; // `#![cfg(test)]`: the whole file is test code
                }
                test_item |= is_cfg_test(attr) && open == i + 1;
                if let [(Tok::Ident(w), _), (Tok::Punct('='), _), (Tok::Str(p), _)] = attr {
                    path_attr = (w == "path").then(|| p.clone()).or(path_attr);
                }
                i = end;
                continue;
            }
            if std::mem::take(&mut test_item) {
                i = group_end(&toks, i, true);
                continue;
            }
            let item_path = path_attr.take();
            let Some(word) = ident(&toks, i) else {
                match toks[i].0 {
                    Tok::Punct('{') => depth += 1,
                    Tok::Punct('}') if stack.len() > 1 && base == depth => {
                        stack.pop();
                        depth -= 1;
                    }
                    Tok::Punct('}') => depth -= 1,
                    _ => {}
                }
                i += 1;
                continue;
            };
            match (word, ident(&toks, i + 1)) {
                ("mod", Some(name)) if is_punct(&toks, i + 2, ';') => {
                    self.load_child(cur, name, file, item_path);
                    i += 3;
                }
                ("mod", Some(name)) if is_punct(&toks, i + 2, '{') => {
                    let (dir, shown) = (self.mods[cur].child_dir.join(name), self.mods[cur].file.clone());
                    depth += 1;
                    stack.push((self.child(cur, name, dir, shown), depth));
                    i += 3;
                }
                ("use", _) if !is_punct(&toks, i + 1, '<') => {
                    let mut found = Vec::new();
                    i += 1;
                    use_tree(&toks, &mut i, Vec::new(), &mut found);
                    for (bound, path, line) in found {
                        self.mods[cur].refs.push((path.clone(), line));
                        self.mods[cur].imports.push((bound, path));
                    }
                }
                _ if matches!(toks.get(i + 1), Some((Tok::Sep, _))) && ident(&toks, i + 2).is_some() => {
                    let (mut segs, line) = (vec![word.to_string()], toks[i].1);
                    i += 1;
                    while let (Some((Tok::Sep, _)), Some(seg)) = (toks.get(i), ident(&toks, i + 1)) {
                        segs.push(seg.into());
                        i += 2;
                    }
                    self.mods[cur].refs.push((segs, line));
                }
                (keyword, _) if depth == base && ITEM_KEYWORDS.contains(&keyword) => {
                    let names = toks[i + 1..].iter().take(4).filter_map(|(t, _)| match t {
                        Tok::Ident(n) if !MODIFIERS.contains(&n.as_str()) => Some(n.clone()),
                        _ => None,
                    });
                    self.mods[cur].defs.extend(names.take(1));
                    i += 1;
                }
                _ => i += 1,
            }
        }
        true
    }

    /// The deepest module `segs` (written in module `from`) names, following `use` aliases and
    /// the imports (re-exports, globs) of the item it ends with, up to a few hops.
    fn resolve(&self, from: usize, segs: &[String], hops: usize) -> Option<usize> {
        let first = segs.first()?.as_str();
        let (mut m, mut rest) = (from, segs);
        if first == "crate" {
            (m, rest) = (0, &segs[1..]);
        } else if !PATH_STARTS.contains(&first) && !self.mods[from].children.contains_key(first) {
            // A name brought in by a `use`: an alias of a module, or an item.
            let (_, path) = self.mods[from].imports.iter().find(|(bound, _)| bound == first)?;
            if hops > 3 || path.len() < 2 {
                return None;
            }
            return self.resolve(from, &[path.as_slice(), &segs[1..]].concat(), hops + 1);
        }
        while let Some((seg, tail)) = rest.split_first() {
            m = match seg.as_str() {
                "self" => m,
                "super" => self.mods[m].parent?,
                _ => match self.mods[m].children.get(seg) {
                    Some(&child) => child,
                    None => break,
                },
            };
            rest = tail;
        }
        let Some(name) = rest.first().filter(|name| hops <= 3 && !self.mods[m].defs.contains(*name)) else {
            return Some(m);
        };
        let imports = &self.mods[m].imports;
        let mut named = imports.iter().filter(|(bound, _)| bound == name);
        if let Some(target) = named.find_map(|(_, path)| self.resolve(m, path, hops + 1)) {
            return Some(target);
        }
        let has = |t: usize| {
            self.mods[t].defs.contains(name) || self.mods[t].imports.iter().any(|(b, _)| b == name)
        };
        let mut globs = imports.iter().filter(|(bound, _)| bound == "*");
        let source =
            globs.find_map(|(_, path)| self.resolve(m, path, hops + 1).filter(|&t| t != m && has(t)));
        Some(source.map_or(m, |t| self.resolve(t, &["self".into(), name.clone()], hops + 1).unwrap_or(t)))
    }

    /// The modules from the root down to `m`.
    fn chain(&self, m: usize) -> Vec<usize> {
        let mut chain: Vec<usize> = std::iter::successors(Some(m), |&x| self.mods[x].parent).collect();
        chain.reverse();
        chain
    }

    /// The sibling edges `(parent, from, to)`, each with the first reference found for it.
    fn edges(&self) -> BTreeMap<(usize, usize, usize), String> {
        let mut edges = BTreeMap::new();
        for (s, module) in self.mods.iter().enumerate() {
            for (segs, line) in &module.refs {
                let Some(t) = self.resolve(s, segs, 0) else { continue };
                let (cs, ct) = (self.chain(s), self.chain(t));
                let k = cs.iter().zip(&ct).take_while(|(a, b)| a == b).count();
                if k < cs.len() && k < ct.len() {
                    let example = format!("{}:{line} uses {}", module.file, segs.join("::"));
                    edges.entry((cs[k - 1], cs[k], ct[k])).or_insert(example);
                }
            }
        }
        edges
    }

    /// Every cycle of sibling modules, one entry per strongly connected component.
    fn cycles(&self, krate: &str) -> Vec<String> {
        let edges = self.edges();
        let mut graphs: BTreeMap<usize, Graph> = BTreeMap::new();
        for &(parent, a, b) in edges.keys() {
            graphs.entry(parent).or_default().entry(a).or_default().insert(b);
        }
        let name = |m: usize| self.mods[m].name.as_str();
        let mut found = Vec::new();
        for (&parent, graph) in &graphs {
            let place: Vec<&str> = self.chain(parent).iter().skip(1).map(|&m| name(m)).collect();
            let place =
                if place.is_empty() { krate.into() } else { format!("{krate}, in {}", place.join("::")) };
            for mut scc in components(graph) {
                scc.sort_by_key(|&m| name(m));
                let describe = |cycle: &Vec<usize>| {
                    let names: Vec<&str> = cycle.iter().map(|&m| name(m)).collect();
                    let uses: Vec<&str> =
                        cycle.windows(2).map(|w| edges[&(parent, w[0], w[1])].as_str()).collect();
                    format!("{} ({})", names.join(" -> "), uses.join("; "))
                };
                let lines: Vec<String> = cover(graph, &scc).iter().map(describe).collect();
                let members: Vec<&str> = scc.iter().map(|&m| name(m)).collect();
                found.push(match lines.as_slice() {
                    [line] => format!("{place}: {line}"),
                    _ => format!(
                        "{place}: {} modules in one cycle ({}):\n    {}",
                        scc.len(),
                        members.join(", "),
                        lines.join("\n    ")
                    ),
                });
            }
        }
        found
    }
}

/// Breadth-first search of `graph` from `from`, staying `within`: each node reached, with its
/// predecessor.
fn bfs(graph: &Graph, from: usize, within: &dyn Fn(usize) -> bool) -> HashMap<usize, usize> {
    let (mut prev, mut queue) = (HashMap::from([(from, from)]), VecDeque::from([from]));
    while let Some(n) = queue.pop_front() {
        for &next in graph.get(&n).into_iter().flatten() {
            if within(next) && !prev.contains_key(&next) {
                prev.insert(next, n);
                queue.push_back(next);
            }
        }
    }
    prev
}

/// The strongly connected components of `graph` with more than one node.
fn components(graph: &Graph) -> Vec<Vec<usize>> {
    let reach: HashMap<usize, HashMap<usize, usize>> =
        graph.keys().map(|&n| (n, bfs(graph, n, &|_| true))).collect();
    let mut seen = HashSet::new();
    let mut found = Vec::new();
    for n in graph.keys() {
        let scc: Vec<usize> =
            graph.keys().copied().filter(|m| reach[n].contains_key(m) && reach[m].contains_key(n)).collect();
        if scc.len() > 1 && seen.insert(scc[0]) {
            found.push(scc);
        }
    }
    found
}

/// Readable cycles covering the component `scc`: the shortest through each member in turn that
/// no earlier cycle passes through.
fn cover(graph: &Graph, scc: &[usize]) -> Vec<Vec<usize>> {
    let within = |x: usize| scc.contains(&x);
    let path = |from: usize, to: usize| {
        let prev = bfs(graph, from, &within);
        let mut leg = vec![to];
        while let Some(&p) = prev.get(&leg[leg.len() - 1]).filter(|&&p| p != leg[leg.len() - 1]) {
            leg.push(p);
        }
        leg.reverse();
        leg
    };
    let (mut shown, mut cycles) = (HashSet::new(), Vec::new());
    for &n in scc {
        if shown.insert(n) {
            let next = graph[&n].iter().copied().filter(|&s| within(s));
            let cycle = next.map(|s| [vec![n], path(s, n)].concat()).min_by_key(Vec::len).unwrap_or_default();
            shown.extend(cycle.iter().copied());
            cycles.push(cycle);
        }
    }
    cycles
}

/// The import cycles in the crate whose root file is `root_file`, labelled `krate`.
fn crate_cycles(krate: &str, root_file: &Path, read: Read) -> Vec<String> {
    let src = root_file.parent().unwrap_or(Path::new("")).to_path_buf();
    let file = root_file.file_name().unwrap_or_default().to_string_lossy().into_owned();
    let root = Module { name: "crate".into(), child_dir: src.clone(), file, ..Module::default() };
    let mut tree = Tree { mods: vec![root], src, read };
    assert!(tree.load(0, root_file), "cannot read crate root {}", root_file.display());
    tree.cycles(krate)
}

/// The crate roots (`(label, file)`: lib, main and `src/bin`) of the `[workspace] members` of the
/// workspace at `root`, and of the root package.
fn workspace_crates(root: &Path) -> Vec<(String, PathBuf)> {
    let manifest = fs::read_to_string(root.join("Cargo.toml")).expect("the root Cargo.toml");
    let toml: Vec<&str> = manifest.lines().map(|l| l.split('#').next().unwrap_or("").trim()).collect();
    let workspace =
        toml.iter().skip_while(|l| **l != "[workspace]").skip(1).take_while(|l| !l.starts_with('['));
    let workspace = workspace.copied().collect::<Vec<_>>().join(" ");
    let members = workspace.split_once("members").map_or("", |(_, m)| m.split(']').next().unwrap_or(""));
    let mut dirs: Vec<&str> = members.split('"').skip(1).step_by(2).collect();
    if toml.contains(&"[package]") {
        dirs.push(".");
    }
    let mut crates = Vec::new();
    for dir in dirs {
        let (src, label) = (root.join(dir).join("src"), if dir == "." { "(root package)" } else { dir });
        let bins = fs::read_dir(src.join("bin")).into_iter().flatten().flatten().map(|e| e.path());
        let bins = bins.map(|p| if p.is_dir() { p.join("main.rs") } else { p });
        let roots = [src.join("lib.rs"), src.join("main.rs")].into_iter().chain(bins).filter(|f| f.is_file());
        for (k, file) in roots.enumerate() {
            let shown = file.strip_prefix(&src).unwrap_or(&file).display().to_string();
            crates.push((if k == 0 { label.to_string() } else { format!("{label} ({shown})") }, file));
        }
    }
    crates
}

/// Cycles allowed for now, each named by the start of its report (up to
/// ` (`): none. Should one ever have to be tolerated while it is taken
/// apart, it goes here; a listed cycle that is gone fails the test too,
/// so the list only shrinks.
const KNOWN_CYCLES: &[&str] = &[];

/// The name of a cycle's report in [`KNOWN_CYCLES`].
fn cycle_name(report: &str) -> &str {
    let first = report.lines().next().unwrap_or_default();
    first.split(" (").next().unwrap_or(first).trim_end_matches(':')
}

/// The rule itself, over the real workspace.
#[test]
fn no_module_imports_another_in_a_cycle() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let crates = workspace_crates(root);
    assert!(crates.len() > 1, "found no workspace crates under {}", root.display());
    let read = |path: &Path| fs::read_to_string(path).ok();
    let cycles: Vec<String> =
        crates.iter().flat_map(|(label, file)| crate_cycles(label, file, &read)).collect();
    let new: Vec<&String> = cycles.iter().filter(|c| !KNOWN_CYCLES.contains(&cycle_name(c))).collect();
    let names: Vec<&str> = cycles.iter().map(|c| cycle_name(c)).collect();
    let gone: Vec<&&str> = KNOWN_CYCLES.iter().filter(|k| !names.contains(k)).collect();
    assert!(
        new.is_empty(),
        "{} new import cycle(s) between modules:\n{}\n",
        new.len(),
        new.iter().map(|c| c.as_str()).collect::<Vec<_>>().join("\n")
    );
    assert!(gone.is_empty(), "these cycles are gone: take them off KNOWN_CYCLES: {gone:?}");
}

/// The cycles of a crate `demo` made of the given `(path, source)` files.
fn synthetic(files: &[(&str, &str)]) -> Vec<String> {
    let files: HashMap<PathBuf, String> =
        files.iter().map(|(p, s)| (PathBuf::from(p), s.to_string())).collect();
    crate_cycles("demo", Path::new("src/lib.rs"), &|path: &Path| files.get(path).cloned())
}

/// The checker on small in-memory crates: a cycle, a DAG, test code and nested siblings.
#[test]
fn the_checker_finds_cycles_and_only_cycles() {
    let lib = "mod a;\nmod b;\nmod c;\n#[cfg(test)]\nmod t;\n";
    let a =
        "use crate::b::Thing;\n/// crate::c::f in a doc comment\npub fn g() { let _ = \"super::c::f\"; }\n";
    let b = "mod inner;\npub use inner::Thing;\n";
    let c = "pub fn f() { crate::a::g() }\n#[cfg(test)]\nmod tests {\n    use super::super::b::Thing;\n}\n";
    let back = "pub struct Thing;\npub fn h() { super::super::a::g() }\n";
    // a -> b (through b's re-export of inner::Thing) and b::inner -> a: one cycle.
    let files = [
        ("src/lib.rs", lib),
        ("src/a.rs", a),
        ("src/b/mod.rs", b),
        ("src/b/inner.rs", back),
        ("src/c.rs", c),
    ];
    let found = synthetic(&files);
    let expected = "demo: a -> b -> a (a.rs:1 uses crate::b::Thing; b/inner.rs:2 uses super::super::a::g)";
    assert_eq!(found, [expected]);
    // Without the way back, c -> a -> b is a DAG: comments, strings and c's tests do not count.
    let dag = synthetic(&[files[0], files[1], files[2], ("src/b/inner.rs", "pub struct Thing;"), files[4]]);
    assert!(dag.is_empty(), "{dag:?}");
    // Siblings under a parent other than the root; inline modules count as modules.
    let nested =
        "pub mod x { pub fn f() { super::y::g() } }\npub mod y { pub fn g() { use super::x::f; f() } }";
    let found = synthetic(&[("src/lib.rs", "mod n;"), ("src/n.rs", nested)]);
    assert_eq!(found, ["demo, in n: x -> y -> x (n.rs:1 uses super::y::g; n.rs:2 uses super::x::f)"]);
}
