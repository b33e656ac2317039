//! The parts of the serialized `CompileOptionsProto` the plugin uses: how
//! many replicas and partitions, and which device runs each.
//!
//! A protobuf reader of the few fields needed (no protobuf dependency):
//! `CompileOptionsProto.executable_build_options` (field 3) →
//! `ExecutableBuildOptionsProto.num_replicas` (4), `num_partitions` (5),
//! `device_assignment` (9) → `DeviceAssignmentProto.computation_devices`
//! (3, one per partition) → `replica_device_ids` (1, one per replica).
//! Every other field is skipped by its wire type.

/// What the build options say; zero counts mean "not stated".
#[derive(Debug, Default, Clone, PartialEq)]
pub struct BuildOptions {
    pub num_replicas: usize,
    pub num_partitions: usize,
    /// `assignment[replica][partition]`: a device id.
    pub assignment: Option<Vec<Vec<i64>>>,
}

/// Appends `v` as a protobuf varint (7 bits a byte, low first, the high
/// bit set on all but the last): the encoder that [`Reader`] reads back,
/// for the sharding protos the plugin writes and for the tests.
pub(crate) fn write_varint(mut v: u64, out: &mut Vec<u8>) {
    loop {
        let byte = (v & 0x7f) as u8;
        v >>= 7;
        if v == 0 {
            out.push(byte);
            return;
        }
        out.push(byte | 0x80);
    }
}

struct Reader<'a> {
    bytes: &'a [u8],
    at: usize,
}

enum Value<'a> {
    Varint(u64),
    Bytes(&'a [u8]),
    Fixed,
}

impl<'a> Reader<'a> {
    fn new(bytes: &'a [u8]) -> Self {
        Self { bytes, at: 0 }
    }

    fn varint(&mut self) -> Result<u64, String> {
        let mut value = 0u64;
        for shift in (0..70).step_by(7) {
            let byte = *self.bytes.get(self.at).ok_or("the compile options end inside a number")?;
            self.at += 1;
            if shift < 64 {
                value |= ((byte & 0x7f) as u64) << shift;
            }
            if byte < 0x80 {
                return Ok(value);
            }
        }
        Err("the compile options hold a number longer than 10 bytes".into())
    }

    fn take(&mut self, n: usize) -> Result<&'a [u8], String> {
        let end = self.at.checked_add(n).filter(|&e| e <= self.bytes.len()).ok_or("the compile options end inside a field")?;
        let out = &self.bytes[self.at..end];
        self.at = end;
        Ok(out)
    }

    /// The next field: its number and value; `None` at the end.
    fn field(&mut self) -> Result<Option<(u64, Value<'a>)>, String> {
        if self.at == self.bytes.len() {
            return Ok(None);
        }
        let key = self.varint()?;
        let value = match key & 7 {
            0 => Value::Varint(self.varint()?),
            1 => {
                self.take(8)?;
                Value::Fixed
            }
            2 => {
                let n = self.varint()? as usize;
                Value::Bytes(self.take(n)?)
            }
            5 => {
                self.take(4)?;
                Value::Fixed
            }
            other => return Err(format!("the compile options use protobuf wire type {other}, which they should not")),
        };
        Ok(Some((key >> 3, value)))
    }
}

/// Reads `CompileOptionsProto` bytes.
pub fn read(bytes: &[u8]) -> Result<BuildOptions, String> {
    let mut options = BuildOptions::default();
    let mut top = Reader::new(bytes);
    while let Some((number, value)) = top.field()? {
        let (3, Value::Bytes(build)) = (number, value) else { continue };
        let mut build = Reader::new(build);
        while let Some((number, value)) = build.field()? {
            match (number, value) {
                (4, Value::Varint(n)) => options.num_replicas = n as usize,
                (5, Value::Varint(n)) => options.num_partitions = n as usize,
                (9, Value::Bytes(assignment)) => options.assignment = Some(device_assignment(assignment)?),
                _ => {}
            }
        }
    }
    Ok(options)
}

/// `DeviceAssignmentProto` as `[replica][partition]`.
fn device_assignment(bytes: &[u8]) -> Result<Vec<Vec<i64>>, String> {
    let mut per_partition: Vec<Vec<i64>> = Vec::new();
    let mut reader = Reader::new(bytes);
    while let Some((number, value)) = reader.field()? {
        let (3, Value::Bytes(computation)) = (number, value) else { continue };
        let mut ids = Vec::new();
        let mut inner = Reader::new(computation);
        while let Some((number, value)) = inner.field()? {
            match (number, value) {
                (1, Value::Varint(id)) => ids.push(id as i64),
                (1, Value::Bytes(packed)) => {
                    let mut packed = Reader::new(packed);
                    while packed.at < packed.bytes.len() {
                        ids.push(packed.varint()? as i64);
                    }
                }
                _ => {}
            }
        }
        per_partition.push(ids);
    }
    let replicas = per_partition.first().map_or(0, Vec::len);
    if per_partition.iter().any(|ids| ids.len() != replicas) {
        return Err("the device assignment lists a different number of replicas per partition".into());
    }
    Ok((0..replicas).map(|r| per_partition.iter().map(|ids| ids[r]).collect()).collect())
}

#[cfg(test)]
mod tests {
    use super::*;
    use super::write_varint as varint;

    #[test]
    fn varints_round_trip() {
        // 300 is the protobuf documentation's example: 0xAC 0x02.
        let mut out = Vec::new();
        varint(300, &mut out);
        assert_eq!(out, [0xAC, 0x02]);
        for v in [0, 1, 127, 128, 16_383, 16_384, u32::MAX as u64, u64::MAX] {
            let mut out = Vec::new();
            varint(v, &mut out);
            assert_eq!(Reader::new(&out).varint(), Ok(v));
            assert_eq!(out.len(), (64 - v.leading_zeros() as usize).div_ceil(7).max(1));
        }
    }

    fn field(number: u64, wire: u64, out: &mut Vec<u8>) {
        varint(number << 3 | wire, out);
    }

    fn bytes(number: u64, body: &[u8], out: &mut Vec<u8>) {
        field(number, 2, out);
        varint(body.len() as u64, out);
        out.extend_from_slice(body);
    }

    #[test]
    fn reads_counts_and_assignment() {
        // 2 replicas x 3 partitions: device (r, p) = 10 * r + p + 1.
        let mut assignment = Vec::new();
        field(1, 0, &mut assignment);
        varint(2, &mut assignment);
        for p in 0..3u64 {
            let mut ids = Vec::new();
            for r in 0..2u64 {
                varint(10 * r + p + 1, &mut ids);
            }
            let mut computation = Vec::new();
            bytes(1, &ids, &mut computation);
            bytes(3, &computation, &mut assignment);
        }
        let mut build = Vec::new();
        field(1, 0, &mut build);
        varint(u64::MAX, &mut build); // device_ordinal = -1
        bytes(61, b"skipped", &mut build);
        field(4, 0, &mut build);
        varint(2, &mut build);
        field(5, 0, &mut build);
        varint(3, &mut build);
        field(225, 5, &mut build);
        build.extend_from_slice(&[0; 4]);
        bytes(9, &assignment, &mut build);
        let mut top = Vec::new();
        field(1, 1, &mut top);
        top.extend_from_slice(&[0; 8]);
        bytes(3, &build, &mut top);
        let options = read(&top).unwrap();
        assert_eq!(options.num_replicas, 2);
        assert_eq!(options.num_partitions, 3);
        assert_eq!(options.assignment, Some(vec![vec![1, 2, 3], vec![11, 12, 13]]));
    }

    #[test]
    fn truncated_options_are_errors() {
        let mut top = Vec::new();
        bytes(3, &[0x20], &mut top); // field 4, varint, but no value
        assert!(read(&top).is_err());
        assert!(read(&[0x1a, 0x05, 0x20]).is_err());
        assert_eq!(read(&[]).unwrap(), BuildOptions::default());
    }
}
