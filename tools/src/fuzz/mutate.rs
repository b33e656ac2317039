//! Seeds and mutations of `.mlir` text.
//!
//! Every mutant is a pure function of (run seed, input index): the input's
//! [`Rng`] is derived from both, picks a seed chunk and applies one to four
//! mutations. Token-level mutations follow `test/Fuzz/mutate.py`; the
//! structural ones rewrite tensor dimensions, integer attributes, element
//! types and op names so that more mutants still verify and reach the
//! lowering.

use std::path::{Path, PathBuf};

/// SplitMix64: small, fast and good enough to drive mutations.
#[derive(Clone, Debug)]
pub struct Rng(u64);

impl Rng {
    pub fn new(seed: u64) -> Self {
        Rng(seed)
    }

    /// The generator of input `index` of a run seeded with `seed`.
    pub fn for_input(seed: u64, index: u64) -> Self {
        let mut mixer = Rng(seed ^ 0x5851_f42d_4c95_7f2d);
        let base = mixer.next_u64();
        let mut rng = Rng(base ^ index.wrapping_mul(0x9e37_79b9_7f4a_7c15));
        rng.next_u64();
        rng
    }

    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    /// Uniform in `0..n` (`n > 0`).
    pub fn below(&mut self, n: usize) -> usize {
        debug_assert!(n > 0);
        (self.next_u64() % n as u64) as usize
    }

    /// True with probability `p`.
    pub fn chance(&mut self, p: f64) -> bool {
        (self.next_u64() >> 11) as f64 / (1u64 << 53) as f64 <= p
    }

    pub fn pick<'a, T>(&mut self, items: &'a [T]) -> &'a T {
        &items[self.below(items.len())]
    }

    /// Uniform in `[0, 1)`.
    pub fn unit(&mut self) -> f64 {
        (self.next_u64() >> 11) as f64 / (1u64 << 53) as f64
    }
}

/// One seed program: a `// -----` chunk of a test file.
#[derive(Clone, Debug)]
pub struct Seed {
    /// `path:chunk` for reports.
    pub origin: String,
    pub text: String,
}

/// Seeds larger than this are left out (they slow every mutation down).
const MAX_SEED_BYTES: usize = 64 * 1024;

/// Every `.mlir` file under `root` (recursively, sorted; lit's `Output/`
/// directories left out), split on `// -----` lines; chunks with no
/// operation are left out.
pub fn load_seeds(root: &Path) -> Result<Vec<Seed>, String> {
    let mut files = Vec::new();
    collect_mlir_files(root, &mut files).map_err(|e| format!("cannot read seeds under '{}': {e}", root.display()))?;
    files.sort();
    let mut seeds = Vec::new();
    for path in files {
        let Ok(text) = std::fs::read_to_string(&path) else { continue };
        let shown = path.strip_prefix(root).unwrap_or(&path).display().to_string();
        for (n, chunk) in split_chunks(&text).into_iter().enumerate() {
            let has_code = chunk.lines().any(|l| {
                let l = l.trim();
                !l.is_empty() && !l.starts_with("//")
            });
            if has_code && chunk.len() <= MAX_SEED_BYTES {
                seeds.push(Seed { origin: format!("{shown}:{n}"), text: chunk });
            }
        }
    }
    if seeds.is_empty() {
        return Err(format!("no .mlir seeds under '{}'", root.display()));
    }
    Ok(seeds)
}

fn collect_mlir_files(dir: &Path, out: &mut Vec<PathBuf>) -> std::io::Result<()> {
    for entry in std::fs::read_dir(dir)? {
        let path = entry?.path();
        if path.is_dir() {
            // lit's `Output/` directories hold what tests write (e.g. the
            // 100,000-deep inputs of Tools/deep-input.test), may be written
            // while the fuzzer reads them, and exist only where lit has run.
            if path.file_name().is_some_and(|n| n == "Output") {
                continue;
            }
            collect_mlir_files(&path, out)?;
        } else if path.extension().is_some_and(|e| e == "mlir") {
            out.push(path);
        }
    }
    Ok(())
}

/// The chunks of a file split on `// -----` lines.
pub fn split_chunks(text: &str) -> Vec<String> {
    let mut chunks = vec![String::new()];
    for line in text.split_inclusive('\n') {
        if line.trim_end() == "// -----" {
            chunks.push(String::new());
        } else {
            chunks.last_mut().expect("never empty").push_str(line);
        }
    }
    chunks
}

/// A token of the text: its byte range.
#[derive(Clone, Copy, Debug)]
struct Token {
    start: usize,
    end: usize,
}

/// Tokens as mutate.py sees them: SSA names `%[\w#:]+`, digit runs,
/// identifiers `[A-Za-z_][\w.]*`, and any other non-space character.
fn tokenize(text: &str) -> Vec<Token> {
    let bytes = text.as_bytes();
    let word = |c: u8| c.is_ascii_alphanumeric() || c == b'_';
    let mut tokens = Vec::new();
    let mut i = 0;
    while i < bytes.len() {
        let c = bytes[i];
        let start = i;
        if c.is_ascii_whitespace() {
            i += 1;
            continue;
        }
        if c == b'%' {
            i += 1;
            while i < bytes.len() && (word(bytes[i]) || bytes[i] == b'#' || bytes[i] == b':') {
                i += 1;
            }
        } else if c.is_ascii_digit() {
            while i < bytes.len() && bytes[i].is_ascii_digit() {
                i += 1;
            }
        } else if c.is_ascii_alphabetic() || c == b'_' {
            while i < bytes.len() && (word(bytes[i]) || bytes[i] == b'.') {
                i += 1;
            }
        } else {
            // One (possibly multi-byte) character.
            i += text[i..].chars().next().map_or(1, char::len_utf8);
        }
        tokens.push(Token { start, end: i });
    }
    tokens
}

/// Element types that mutations substitute (the runtime's, plus some the
/// dialect must reject or the lowering must report).
const ELEMENT_TYPES: &[&str] = &[
    "f32", "f16", "bf16", "f64", "i1", "i8", "i16", "i32", "i64", "ui8", "ui16", "ui32", "ui64", "si32", "i4", "ui4",
    "complex<f32>", "complex<f64>", "index", "f8E4M3FN", "f8E5M2", "none",
];

/// Dimension sizes: small, zero, odd, powers of two and huge.
const DIMENSIONS: &[u64] = &[
    0, 1, 1, 2, 3, 4, 5, 7, 8, 16, 17, 33, 64, 1000, 65536, 1 << 20, (1 << 31) - 1, 1 << 31, 1 << 32, 1 << 40, 1 << 62,
    (1 << 63) - 1,
];

/// Integer edge values for attributes and literals.
const INTEGERS: &[&str] = &[
    "0", "1", "2", "3", "7", "64", "-1", "-2", "2147483647", "2147483648", "-2147483648", "4294967296",
    "9223372036854775807", "-9223372036854775808", "18446744073709551616", "1000000000000000000000000000000",
];

/// Ops of the same arity (and mostly the same typing rule) that can be
/// swapped for each other.
const OP_GROUPS: &[&[&str]] = &[
    &[
        "stablehlo.abs", "stablehlo.negate", "stablehlo.exponential", "stablehlo.exponential_minus_one",
        "stablehlo.log", "stablehlo.log_plus_one", "stablehlo.sqrt", "stablehlo.rsqrt", "stablehlo.cbrt",
        "stablehlo.tanh", "stablehlo.tan", "stablehlo.logistic", "stablehlo.sine", "stablehlo.cosine",
        "stablehlo.floor", "stablehlo.ceil", "stablehlo.sign", "stablehlo.not", "stablehlo.popcnt",
        "stablehlo.count_leading_zeros", "stablehlo.round_nearest_even", "stablehlo.round_nearest_afz",
        "stablehlo.is_finite", "stablehlo.real", "stablehlo.imag", "stablehlo.convert", "stablehlo.bitcast_convert",
    ],
    &[
        "stablehlo.add", "stablehlo.subtract", "stablehlo.multiply", "stablehlo.divide", "stablehlo.remainder",
        "stablehlo.maximum", "stablehlo.minimum", "stablehlo.power", "stablehlo.and", "stablehlo.or", "stablehlo.xor",
        "stablehlo.shift_left", "stablehlo.shift_right_arithmetic", "stablehlo.shift_right_logical",
        "stablehlo.atan2", "stablehlo.complex",
    ],
    &[
        "chlo.erf", "chlo.erfc", "chlo.lgamma", "chlo.digamma", "chlo.erf_inv", "chlo.sinh", "chlo.cosh", "chlo.tan",
        "chlo.asin", "chlo.acos", "chlo.atan", "chlo.asinh", "chlo.acosh", "chlo.atanh", "chlo.bessel_i1e",
        "chlo.is_inf", "chlo.is_neg_inf", "chlo.is_pos_inf", "chlo.square",
    ],
    &[
        "chlo.broadcast_add", "chlo.broadcast_subtract", "chlo.broadcast_multiply", "chlo.broadcast_divide",
        "chlo.broadcast_maximum", "chlo.broadcast_minimum", "chlo.broadcast_power", "chlo.broadcast_remainder",
        "chlo.broadcast_atan2", "chlo.broadcast_and", "chlo.broadcast_or", "chlo.broadcast_xor",
        "chlo.broadcast_shift_left", "chlo.broadcast_polygamma", "chlo.broadcast_zeta", "chlo.broadcast_next_after",
    ],
    &["stablehlo.reduce", "stablehlo.reduce_window"],
    &["stablehlo.slice", "stablehlo.reverse", "stablehlo.transpose", "stablehlo.broadcast_in_dim"],
    &["stablehlo.dynamic_slice", "stablehlo.dynamic_update_slice"],
    &["stablehlo.gather", "stablehlo.scatter", "stablehlo.dynamic_gather"],
    &["stablehlo.while", "stablehlo.if", "stablehlo.case"],
    &["stablehlo.all_reduce", "stablehlo.reduce_scatter", "stablehlo.all_gather", "stablehlo.all_to_all", "stablehlo.collective_permute"],
];

/// Any op, as mutate.py's op-name mutation.
const ANY_OPS: &[&str] = &[
    "add", "multiply", "dot_general", "reduce", "while", "gather", "scatter", "convolution", "sort",
    "broadcast_in_dim", "reshape", "transpose", "slice", "pad", "select", "compare", "convert", "iota",
    "dynamic_slice", "reduce_window", "case", "return", "constant", "custom_call", "fft", "cholesky",
    "triangular_solve", "rng_bit_generator", "concatenate", "bogus",
];

const PUNCTUATION: &[&str] = &["(", ")", "{", "}", "<", ">", ",", ":", "[", "]", "x", "->", "=", "?", "\"", "%", "@"];

/// A `tensor<...>` type in the text: the byte range of the whole type and
/// of each static or dynamic dimension.
#[derive(Debug)]
struct TensorType {
    start: usize,
    end: usize,
    dims: Vec<(usize, usize)>,
    element: (usize, usize),
}

fn tensor_types(text: &str) -> Vec<TensorType> {
    let bytes = text.as_bytes();
    let mut types = Vec::new();
    let mut from = 0;
    while let Some(offset) = text[from..].find("tensor<") {
        let start = from + offset;
        let mut i = start + "tensor<".len();
        let mut dims = Vec::new();
        loop {
            let d = i;
            while i < bytes.len() && (bytes[i].is_ascii_digit() || bytes[i] == b'?') {
                i += 1;
            }
            if i > d && i < bytes.len() && bytes[i] == b'x' {
                dims.push((d, i));
                i += 1;
            } else {
                i = d;
                break;
            }
        }
        let element_start = i;
        let mut depth = 1;
        while i < bytes.len() && depth > 0 {
            match bytes[i] {
                b'<' => depth += 1,
                b'>' => depth -= 1,
                b'\n' => break,
                _ => {}
            }
            i += 1;
        }
        if depth == 0 {
            // The element type ends at the encoding's comma or the closing '>'.
            let inner = &text[element_start..i - 1];
            let element_end = element_start + inner.find(',').unwrap_or(inner.len());
            types.push(TensorType { start, end: i, dims, element: (element_start, element_end) });
        }
        from = start + "tensor<".len();
    }
    types
}

/// The insides of `[...]` and `array<iN: ...>` holding only integers.
fn integer_lists(text: &str) -> Vec<(usize, usize)> {
    let bytes = text.as_bytes();
    let mut lists = Vec::new();
    for (i, &c) in bytes.iter().enumerate() {
        let start = match c {
            b'[' => i + 1,
            b':' if text[..i].ends_with("array<i64") || text[..i].ends_with("array<i32") => i + 1,
            _ => continue,
        };
        let close = if c == b'[' { b']' } else { b'>' };
        let Some(len) = bytes[start..].iter().position(|&b| b == close || b == b'\n') else { continue };
        let end = start + len;
        if bytes[end] != close {
            continue;
        }
        let inner = &text[start..end];
        let numeric = !inner.trim().is_empty()
            && inner.split(',').all(|x| !x.trim().is_empty() && x.trim().parse::<i128>().is_ok());
        if numeric {
            lists.push((start, end));
        }
    }
    lists
}

/// Replaces `range` of `text` by `new`.
fn splice(text: &str, (start, end): (usize, usize), new: &str) -> String {
    let mut out = String::with_capacity(text.len() + new.len());
    out.push_str(&text[..start]);
    out.push_str(new);
    out.push_str(&text[end..]);
    out
}

fn lines_of(text: &str) -> Vec<&str> {
    text.split('\n').collect()
}

/// One mutation of `text`; `other` is another seed, for splicing.
pub fn mutate_once(text: &str, other: &str, rng: &mut Rng) -> String {
    let kind = rng.below(25);
    let mut lines = lines_of(text);
    match kind {
        0 => {
            // Truncate (rarely: half the time re-draw another mutation).
            if rng.chance(0.5) {
                return mutate_once(text, other, rng);
            }
            let mut cut = rng.below(text.len() + 1);
            while !text.is_char_boundary(cut) {
                cut -= 1;
            }
            text[..cut].to_owned()
        }
        1 | 2 | 3 | 4 => {
            let i = rng.below(lines.len());
            match kind {
                1 => {
                    lines.remove(i);
                }
                2 => lines.insert(i, lines[i]),
                3 => {
                    let j = rng.below(lines.len());
                    lines.swap(i, j);
                }
                _ => {
                    // Delete or duplicate a block of up to 8 lines.
                    let n = 1 + rng.below(8).min(lines.len() - i - 1);
                    let block: Vec<&str> = lines[i..i + n].to_vec();
                    if rng.chance(0.5) {
                        lines.drain(i..i + n);
                    } else {
                        for (k, line) in block.into_iter().enumerate() {
                            lines.insert(i + n + k, line);
                        }
                    }
                }
            }
            lines.join("\n")
        }
        5 | 6 => {
            // Splice a line of another seed in: inserted, or replacing one.
            let others = lines_of(other);
            let line = *rng.pick(&others);
            let i = rng.below(lines.len());
            if kind == 5 {
                lines.insert(i, line);
            } else {
                lines[i] = line;
            }
            lines.join("\n")
        }
        7 | 8 | 9 => {
            // Tensor dimensions: one occurrence, or one type everywhere
            // (consistent changes verify more often), or rank changes.
            let types = tensor_types(text);
            if types.is_empty() {
                return mutate_tokens(text, rng);
            }
            let ty = &types[rng.below(types.len())];
            let old = &text[ty.start..ty.end];
            let mut new = String::from("tensor<");
            let mut dims: Vec<String> = ty.dims.iter().map(|&(s, e)| text[s..e].to_owned()).collect();
            if kind == 9 {
                if !dims.is_empty() && rng.chance(0.5) {
                    dims.remove(rng.below(dims.len()));
                } else {
                    let at = rng.below(dims.len() + 1);
                    dims.insert(at, rng.pick(DIMENSIONS).to_string());
                }
            } else if !dims.is_empty() {
                let at = rng.below(dims.len());
                dims[at] = rng.pick(DIMENSIONS).to_string();
            } else {
                dims.push(rng.pick(DIMENSIONS).to_string());
            }
            for d in &dims {
                new.push_str(d);
                new.push('x');
            }
            new.push_str(&text[ty.element.0..ty.end]);
            if kind == 8 {
                text.replace(old, &new)
            } else {
                splice(text, (ty.start, ty.end), &new)
            }
        }
        10 | 11 => {
            // Element types: of one tensor type, or one element type everywhere.
            let types = tensor_types(text);
            if types.is_empty() {
                return mutate_tokens(text, rng);
            }
            let ty = &types[rng.below(types.len())];
            let old = &text[ty.element.0..ty.element.1];
            let new = *rng.pick(ELEMENT_TYPES);
            if kind == 11 {
                // Every `x<old>>`, `<old>>` (scalars) and `x<old>,`.
                let mut out = text.to_owned();
                for (prefix, suffix) in [("x", ">"), ("<", ">"), ("x", ","), ("<", ",")] {
                    out = out.replace(&format!("{prefix}{old}{suffix}"), &format!("{prefix}{new}{suffix}"));
                }
                out
            } else {
                splice(text, ty.element, new)
            }
        }
        12 | 13 => {
            // Integers (attributes, literals, dimensions): edge values.
            let tokens = tokenize(text);
            let numbers: Vec<&Token> = tokens.iter().filter(|t| text.as_bytes()[t.start].is_ascii_digit()).collect();
            if numbers.is_empty() {
                return mutate_tokens(text, rng);
            }
            let t = numbers[rng.below(numbers.len())];
            // Include a leading minus sign in the replaced range.
            let start = if t.start > 0 && text.as_bytes()[t.start - 1] == b'-' { t.start - 1 } else { t.start };
            splice(text, (start, t.end), *rng.pick(INTEGERS))
        }
        22 | 23 | 24 => {
            // An integer list (`[1, 0]`, `array<i64: 1, 0>`, `dense<[..]>`):
            // swap, duplicate or drop an element, or move one by one.
            let lists = integer_lists(text);
            if lists.is_empty() {
                return mutate_tokens(text, rng);
            }
            let (start, end) = lists[rng.below(lists.len())];
            let mut items: Vec<i128> = text[start..end].split(',').filter_map(|x| x.trim().parse().ok()).collect();
            let n = items.len();
            match rng.below(4) {
                0 if n > 1 => items.swap(rng.below(n), rng.below(n)),
                1 => {
                    let i = rng.below(n);
                    items.insert(i, items[i]);
                }
                2 => {
                    items.remove(rng.below(n));
                }
                _ => {
                    let i = rng.below(n);
                    items[i] += if rng.chance(0.5) { 1 } else { -1 };
                }
            }
            let new = items.iter().map(i128::to_string).collect::<Vec<_>>().join(", ");
            splice(text, (start, end), &new)
        }
        14 | 15 => {
            // An op for another of the same arity.
            let tokens = tokenize(text);
            let ops: Vec<(&Token, &[&str])> = tokens
                .iter()
                .filter_map(|t| {
                    let word = &text[t.start..t.end];
                    OP_GROUPS.iter().find(|g| g.contains(&word)).map(|g| (t, *g))
                })
                .collect();
            if ops.is_empty() {
                return mutate_tokens(text, rng);
            }
            let (t, group) = ops[rng.below(ops.len())];
            splice(text, (t.start, t.end), *rng.pick(group))
        }
        _ => mutate_tokens(text, rng),
    }
}

/// mutate.py's token mutations.
fn mutate_tokens(text: &str, rng: &mut Rng) -> String {
    let tokens = tokenize(text);
    if tokens.is_empty() {
        return text.to_owned();
    }
    let t = tokens[rng.below(tokens.len())];
    let word = &text[t.start..t.end];
    let new = match rng.below(6) {
        0 => String::new(),
        1 => {
            if word.bytes().all(|b| b.is_ascii_digit()) {
                rng.pick(INTEGERS).to_string()
            } else {
                format!("{word}0")
            }
        }
        2 => rng.pick(ELEMENT_TYPES).to_string(),
        3 => {
            if word.starts_with("stablehlo.") {
                format!("stablehlo.{}", rng.pick(ANY_OPS))
            } else {
                word.to_owned()
            }
        }
        4 => {
            let values: Vec<&str> =
                tokens.iter().map(|t| &text[t.start..t.end]).filter(|w| w.starts_with('%')).collect();
            if values.is_empty() { word.to_owned() } else { rng.pick(&values).to_string() }
        }
        _ => format!("{word}{}", rng.pick(PUNCTUATION)),
    };
    splice(text, (t.start, t.end), &new)
}

/// The mutant of input `index`: a seed (unchanged for a few inputs, so the
/// seeds themselves are covered) with one to four mutations (mostly one).
/// Four in five start from a seed that verifies (`valid`: their indices,
/// from [`super::target::screen`]), so more mutants reach the lowering.
pub fn mutant(seeds: &[Seed], valid: &[usize], rng: &mut Rng) -> (usize, String) {
    let s = if !valid.is_empty() && rng.chance(0.8) { valid[rng.below(valid.len())] } else { rng.below(seeds.len()) };
    let mut text = seeds[s].text.clone();
    let count = match rng.below(100) {
        0..=2 => 0,
        3..=57 => 1,
        58..=82 => 2,
        83..=93 => 3,
        _ => 4,
    };
    for _ in 0..count {
        let other = &seeds[rng.below(seeds.len())].text;
        text = mutate_once(&text, other, rng);
    }
    (s, text)
}

/// Static shapes of every `tensor<...>` in the text, as element counts
/// (saturating; dynamic dimensions count as 1).
pub fn largest_tensor(text: &str) -> u64 {
    tensor_types(text)
        .iter()
        .map(|ty| {
            ty.dims.iter().fold(1u64, |n, &(s, e)| n.saturating_mul(text[s..e].parse::<u64>().unwrap_or(1)))
        })
        .max()
        .unwrap_or(0)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn mutants_depend_only_on_seed_and_index() {
        let seeds = vec![
            Seed { origin: "a".into(), text: "func.func @main(%x: tensor<2x3xf32>) -> tensor<2x3xf32> {\n  %0 = stablehlo.add %x, %x : tensor<2x3xf32>\n  return %0 : tensor<2x3xf32>\n}\n".into() },
            Seed { origin: "b".into(), text: "%1 = stablehlo.constant dense<[1, 2]> : tensor<2xi32>\n".into() },
        ];
        for index in 0..200 {
            let a = mutant(&seeds, &[0], &mut Rng::for_input(7, index));
            let b = mutant(&seeds, &[0], &mut Rng::for_input(7, index));
            assert_eq!(a, b);
        }
        let differ = (0..50).filter(|&i| mutant(&seeds, &[], &mut Rng::for_input(7, i)) != mutant(&seeds, &[], &mut Rng::for_input(8, i))).count();
        assert!(differ > 25, "other run seeds give other mutants ({differ} of 50 differ)");
    }

    #[test]
    fn tensor_types_and_dimensions() {
        let text = "x : tensor<2x?x3xcomplex<f32>>, tensor<f32>, tensor<4xi8, #enc>";
        let types = tensor_types(text);
        assert_eq!(types.len(), 3);
        assert_eq!(types[0].dims.len(), 3);
        assert_eq!(&text[types[0].element.0..types[0].element.1], "complex<f32>");
        assert_eq!(&text[types[1].element.0..types[1].element.1], "f32");
        assert_eq!(&text[types[2].element.0..types[2].element.1], "i8");
        assert_eq!(largest_tensor(text), 6);
        assert_eq!(largest_tensor("tensor<4294967296x4294967296x4294967296xf32>"), u64::MAX);
    }

    #[test]
    fn lists() {
        let text = "dims = [1, 0], a = array<i64: 2, -3>, b = [x, 1], dense<[[1, 2]]>";
        let found: Vec<&str> = integer_lists(text).into_iter().map(|(s, e)| &text[s..e]).collect();
        assert_eq!(found, vec!["1, 0", " 2, -3", "1, 2"]);
    }

    #[test]
    fn chunks() {
        assert_eq!(split_chunks("a\n// -----\nb\n"), vec!["a\n".to_string(), "b\n".to_string()]);
    }

    #[test]
    fn every_mutation_kind_is_exercised_without_panicking() {
        let text = "func.func @main(%x: tensor<2x3xf32>, %i: tensor<i32>) -> tensor<2x3xf32> {\n  %0 = stablehlo.add %x, %x : tensor<2x3xf32>\n  %1 = stablehlo.abs %0 : tensor<2x3xf32>\n  return %1 : tensor<2x3xf32>\n}\n";
        let other = "%c = stablehlo.constant dense<-1> : tensor<ui8>\n";
        let mut rng = Rng::new(3);
        let mut changed = 0;
        for _ in 0..2000 {
            let m = mutate_once(text, other, &mut rng);
            changed += usize::from(m != text);
            // Mutating the mutant (incl. empty and non-ASCII text) must not panic either.
            mutate_once(&m, "é", &mut rng);
            mutate_once("", "", &mut rng);
        }
        assert!(changed > 1500, "only {changed} of 2000 mutations changed the text");
    }
}
