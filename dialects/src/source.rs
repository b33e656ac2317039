//! Safe wrapper of the C++ source session (`include/xla-c/Driver.h`).

use crate::ffi;
use melior::{
    Context,
    ir::{Location, Module},
};
use mlir_sys::{MlirStringRef, mlirModuleFromOperation};

/// The deepest nesting of brackets (`(`, `[`, `{`, `<`: attributes, types,
/// regions) that source text may have. MLIR's parser and passes recurse once
/// per level; the tools run on a thread with a stack sized for this depth
/// (see `xla_tools::run_with_large_stack`), and deeper input is refused with
/// a located error instead of overflowing the stack. 1,000 nested
/// `stablehlo.if` in generic form are about 2,000 levels.
pub const MAX_NESTING_DEPTH: usize = 10_000;

/// Where `text` first nests deeper than `limit`: the byte offset of the
/// opening bracket. Strings and `//` comments are skipped; `>` of `->` closes
/// nothing. Unbalanced input is left to the parser.
pub fn excessive_nesting(text: &str, limit: usize) -> Option<usize> {
    let bytes = text.as_bytes();
    let mut depth = 0usize;
    for i in code_offsets(bytes) {
        match bytes[i] {
            b'(' | b'[' | b'{' | b'<' => {
                depth += 1;
                if depth > limit {
                    return Some(i);
                }
            }
            b'>' if i > 0 && bytes[i - 1] == b'-' => {}
            b')' | b']' | b'}' | b'>' => depth = depth.saturating_sub(1),
            _ => {}
        }
    }
    None
}

/// The offsets of the bytes of `bytes` outside string literals (`"..."`,
/// with `\\` escapes; the quotes skipped too) and `//` comments, in order.
fn code_offsets(bytes: &[u8]) -> impl Iterator<Item = usize> + '_ {
    let mut i = 0;
    std::iter::from_fn(move || {
        while i < bytes.len() {
            match bytes[i] {
                b'"' => {
                    i += 1;
                    while i < bytes.len() && bytes[i] != b'"' {
                        i += if bytes[i] == b'\\' { 2 } else { 1 };
                    }
                    i += 1;
                }
                b'/' if bytes.get(i + 1) == Some(&b'/') => {
                    while i < bytes.len() && bytes[i] != b'\n' {
                        i += 1;
                    }
                }
                _ => {
                    i += 1;
                    return Some(i - 1);
                }
            }
        }
        None
    })
}

/// The offset of the first dense array literal of `index` elements
/// (`array<index: ...>`) outside strings and comments: MLIR 22's parser
/// reads it with `getIntOrFloatBitWidth` of the index type and crashes
/// (found by the fuzzer, a mutant of `array<i64: 0>`), so the session
/// refuses such a buffer before parsing.
pub fn index_dense_array(text: &str) -> Option<usize> {
    let bytes = text.as_bytes();
    let identifier = |b: u8| b.is_ascii_alphanumeric() || b == b'_' || b == b'.' || b == b'$';
    code_offsets(bytes).find(|&i| {
        if !bytes[i..].starts_with(b"array<") || (i > 0 && identifier(bytes[i - 1])) {
            return false;
        }
        let mut j = i + "array<".len();
        while j < bytes.len() && bytes[j].is_ascii_whitespace() {
            j += 1;
        }
        bytes[j..].starts_with(b"index") && bytes.get(j + "index".len()).is_none_or(|&b| !identifier(b))
    })
}

/// The offset of the first `tensor.from_elements` (outside strings and
/// comments) whose result type, the first `tensor<...>` after it, has more
/// elements than the buffer has bytes: it cannot have that many operands,
/// and MLIR 22's parser makes one type per element before it counts them
/// (16 GiB for `tensor<2147483648xindex>`: out of memory; found by the
/// fuzzer), so the session refuses such a buffer before parsing.
pub fn oversized_from_elements(text: &str) -> Option<usize> {
    let bytes = text.as_bytes();
    code_offsets(bytes).find(|&i| {
        if !bytes[i..].starts_with(b"tensor.from_elements") {
            return false;
        }
        let rest = &text[i..];
        let Some(start) = rest.find("tensor<") else { return false };
        let mut elements: u128 = 1;
        for part in rest[start + "tensor<".len()..].split('x') {
            let digits: String = part.chars().take_while(|c| c.is_ascii_digit()).collect();
            if digits.is_empty() || digits.len() != part.len() {
                // The element type (or a dynamic size): the shape ends here.
                break;
            }
            elements = elements.saturating_mul(digits.parse::<u128>().unwrap_or(u128::MAX));
        }
        elements > bytes.len() as u128
    })
}

/// 1-based line and column (in bytes, as MLIR counts them) of `offset`.
fn line_column(text: &str, offset: usize) -> (usize, usize) {
    let before = &text.as_bytes()[..offset];
    let line = before.iter().filter(|&&b| b == b'\n').count() + 1;
    let start = before.iter().rposition(|&b| b == b'\n').map_or(0, |p| p + 1);
    (line, offset - start + 1)
}

fn string_ref(s: &str) -> MlirStringRef {
    MlirStringRef { data: s.as_ptr().cast(), length: s.len() }
}

/// One source buffer and the diagnostic handler that reports against it.
///
/// While the session lives, every diagnostic emitted in its context is printed
/// in mlir-opt's format (`name:line:col: error: message` plus the source line)
/// or, in verify mode, checked against the buffer's `// expected-error {{..}}`
/// annotations. Sessions nest like handlers: the newest one sees diagnostics
/// first.
pub struct SourceSession<'c> {
    raw: ffi::XlaSourceSession,
    context: &'c Context,
    /// Where the buffer nests too deeply to be parsed: (line, column).
    too_deep: Option<(usize, usize)>,
    /// Where a dense array of index elements starts ([`index_dense_array`]).
    index_array: Option<(usize, usize)>,
    /// Where an impossible `tensor.from_elements` starts
    /// ([`oversized_from_elements`]).
    from_elements: Option<(usize, usize)>,
    name: String,
}

impl<'c> SourceSession<'c> {
    /// Opens a session over a copy of `buffer`, called `name` in locations.
    pub fn new(context: &'c Context, buffer: &str, name: &str, verify_diagnostics: bool) -> Self {
        // SAFETY: the context outlives the session (lifetime 'c); the C++
        // side copies both strings.
        let raw = unsafe {
            ffi::xlaSourceSessionCreate(
                context.to_raw(),
                string_ref(buffer),
                string_ref(name),
                verify_diagnostics,
            )
        };
        let too_deep = excessive_nesting(buffer, MAX_NESTING_DEPTH).map(|offset| line_column(buffer, offset));
        let index_array = index_dense_array(buffer).map(|offset| line_column(buffer, offset));
        let from_elements = oversized_from_elements(buffer).map(|offset| line_column(buffer, offset));
        Self { raw, context, too_deep, index_array, from_elements, name: name.to_owned() }
    }

    /// Parses and verifies the buffer as a module; `None` when it is invalid
    /// (the reason has been reported through the session).
    pub fn parse_module(&self) -> Option<Module<'c>> {
        if let Some((line, column)) = self.too_deep {
            let location = Location::new(self.context, &self.name, line, column);
            let message = format!(
                "nesting deeper than {MAX_NESTING_DEPTH} levels of brackets, types or regions is not supported\0"
            );
            // SAFETY: the location belongs to the session's live context and
            // the message is NUL-terminated; the session's handler reports it.
            unsafe { mlir_sys::mlirEmitError(location.to_raw(), message.as_ptr().cast()) };
            return None;
        }
        if let Some((line, column)) = self.index_array {
            let location = Location::new(self.context, &self.name, line, column);
            let message = "dense arrays of index elements (array<index: ...>) are not supported\0";
            // SAFETY: as above.
            unsafe { mlir_sys::mlirEmitError(location.to_raw(), message.as_ptr().cast()) };
            return None;
        }
        if let Some((line, column)) = self.from_elements {
            let location = Location::new(self.context, &self.name, line, column);
            let message = "tensor.from_elements: its result type has more elements than the input has bytes, so it cannot have one operand per element\0";
            // SAFETY: as above.
            unsafe { mlir_sys::mlirEmitError(location.to_raw(), message.as_ptr().cast()) };
            return None;
        }
        // SAFETY: the session is alive; a non-null result is a fresh module
        // operation that we own.
        unsafe {
            let op = ffi::xlaSourceSessionParseModule(self.raw);
            if op.ptr.is_null() {
                return None;
            }
            Module::from_option_raw(mlirModuleFromOperation(op))
        }
    }

    /// In verify mode, whether the emitted diagnostics matched the
    /// expectations exactly (mismatches are reported); `true` otherwise.
    pub fn verify(&self) -> bool {
        // SAFETY: the session is alive.
        unsafe { ffi::xlaSourceSessionVerify(self.raw).value != 0 }
    }
}

impl Drop for SourceSession<'_> {
    fn drop(&mut self) {
        // SAFETY: created by xlaSourceSessionCreate and destroyed only here.
        unsafe { ffi::xlaSourceSessionDestroy(self.raw) }
    }
}

#[cfg(test)]
mod tests {
    use super::{excessive_nesting, index_dense_array, line_column, oversized_from_elements};

    #[test]
    fn nesting_depth() {
        assert_eq!(excessive_nesting("[[]]", 2), None);
        assert_eq!(excessive_nesting("[[[]]]", 2), Some(2));
        // `->` closes nothing; strings and comments are skipped.
        assert_eq!(excessive_nesting("(a) -> (b) -> tuple<tuple<f32>>", 2), None);
        assert_eq!(excessive_nesting("f(g(x)) -> (y)", 1), Some(3));
        assert_eq!(excessive_nesting("\"(((\\\"(((\" // [[[[\n{}", 1), None);
        assert_eq!(line_column("ab\ncd(", 5), (2, 3));
    }

    #[test]
    fn index_dense_arrays() {
        assert_eq!(index_dense_array("x = array<index: 0>"), Some(4));
        assert_eq!(index_dense_array("array< index>"), Some(0));
        assert_eq!(index_dense_array("array<i64: 0> array<indexed>"), None);
        assert_eq!(index_dense_array("myarray<index: 0>"), None);
        // Strings and comments are skipped.
        assert_eq!(index_dense_array("\"array<index: 0>\" // array<index: 1>\n"), None);
        assert_eq!(index_dense_array("\"\\\"\" array<index>"), Some(5));
    }

    #[test]
    fn oversized_from_elements_types() {
        let text = "%b = tensor.from_elements %i0, %i1 : tensor<2147483648xindex>";
        assert_eq!(oversized_from_elements(text), Some(5));
        assert_eq!(oversized_from_elements("%b = tensor.from_elements %i0, %i1 : tensor<2xindex>"), None);
        assert_eq!(oversized_from_elements("%b = tensor.from_elements %i0 : tensor<1x1x1xf32>"), None);
        // Many dimensions multiply; a dynamic one ends the shape.
        assert_eq!(oversized_from_elements("tensor.from_elements %a : tensor<100x100x100xf32>"), Some(0));
        assert_eq!(oversized_from_elements("tensor.from_elements %a : tensor<?x100000000xf32>"), None);
        // Comments are skipped.
        assert_eq!(oversized_from_elements("// tensor.from_elements : tensor<4294967296xf32>\n"), None);
    }
}
