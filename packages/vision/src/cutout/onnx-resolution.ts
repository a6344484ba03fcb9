/**
 * Re-targets the ISNet ONNX graph to another square input size.
 *
 * The model ships exported for 1024 × 1024 only: its input and output shapes are fixed and every
 * upsampling node (Resize) reads its target size from a constant — [v, v] int64 Constant nodes in
 * the "medium" graph, [1, C, v, v] int64 initialisers in the "small" (int8) graph, with v = 1024 / 2^k.
 * The network is fully convolutional, so scaling those constants (ceil-halving like the pools do)
 * and the declared input/output shapes gives the same network at another resolution; inference cost
 * falls with the pixel count (768² takes ~55 % of 1024²).
 *
 * This walks the protobuf wire format directly: only nodes, initialisers and the graph's declared
 * inputs/outputs are touched; the weights are copied as they are.
 */

interface Field {
  field: number;
  wire: number;
  /** Varint value (wire 0). */
  int: bigint;
  /** Payload (wire 2) or fixed bytes (wire 1, 5). */
  bytes: Uint8Array;
  /** The whole field as encoded (key + payload). */
  raw: Uint8Array;
}

function readVarint(b: Uint8Array, pos: number): [bigint, number] {
  let result = 0n;
  let shift = 0n;
  let p = pos;
  for (;;) {
    const byte = b[p++];
    if (byte === undefined) throw new Error('truncated protobuf varint');
    result |= BigInt(byte & 0x7f) << shift;
    if ((byte & 0x80) === 0) return [result, p];
    shift += 7n;
  }
}

function parse(b: Uint8Array): Field[] {
  const out: Field[] = [];
  let p = 0;
  while (p < b.length) {
    const start = p;
    const [key, afterKey] = readVarint(b, p);
    p = afterKey;
    const field = Number(key >> 3n);
    const wire = Number(key & 7n);
    let int = 0n;
    let bytes: Uint8Array = new Uint8Array(0);
    if (wire === 0) [int, p] = readVarint(b, p);
    else if (wire === 2) {
      const [len, afterLen] = readVarint(b, p);
      bytes = b.subarray(afterLen, afterLen + Number(len));
      p = afterLen + Number(len);
    } else if (wire === 5) {
      bytes = b.subarray(p, p + 4);
      p += 4;
    } else if (wire === 1) {
      bytes = b.subarray(p, p + 8);
      p += 8;
    } else throw new Error(`unsupported protobuf wire type ${wire}`);
    if (p > b.length) throw new Error('truncated protobuf field');
    out.push({ field, wire, int, bytes, raw: b.subarray(start, p) });
  }
  return out;
}

function varint(value: number | bigint): Uint8Array {
  let n = BigInt(value);
  const bytes: number[] = [];
  do {
    let byte = Number(n & 0x7fn);
    n >>= 7n;
    if (n > 0n) byte |= 0x80;
    bytes.push(byte);
  } while (n > 0n);
  return Uint8Array.from(bytes);
}

function concat(parts: readonly Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let o = 0;
  for (const p of parts) {
    out.set(p, o);
    o += p.length;
  }
  return out;
}

const lengthDelimited = (field: number, payload: Uint8Array): Uint8Array => concat([varint((field << 3) | 2), varint(payload.length), payload]);
const varintField = (field: number, value: number | bigint): Uint8Array => concat([varint(field << 3), varint(value)]);
const text = (b: Uint8Array): string => Buffer.from(b.buffer, b.byteOffset, b.length).toString('utf8');

// ONNX field numbers (onnx.proto3).
const MODEL_GRAPH = 7;
const GRAPH = { node: 1, initializer: 5, input: 11, output: 12, valueInfo: 13 } as const;
const NODE = { opType: 4, attribute: 5 } as const;
const ATTRIBUTE_TENSOR = 5;
const TENSOR = { dims: 1, dataType: 2, rawData: 9 } as const;
const INT64 = 7;

/** Size at pyramid level k for an input of `size`: what k ceil-mode halvings give. */
function levelSize(size: number, k: number): number {
  let s = size;
  for (let i = 0; i < k; i++) s = Math.ceil(s / 2);
  return s;
}

/** The pyramid level of a 1024-based spatial size, or undefined when v is not 1024 / 2^k. */
function levelOf(v: bigint): number | undefined {
  if (v < 4n || v > 1024n) return undefined;
  const k = Math.round(Math.log2(1024 / Number(v)));
  return 1024 / 2 ** k === Number(v) ? k : undefined;
}

function int64s(raw: Uint8Array): BigInt64Array {
  return new BigInt64Array(raw.slice().buffer);
}

/** Rewrites an int64 tensor holding [v, v] or [1, C, v, v]; returns undefined when it is neither. */
function retargetTensor(tensor: Uint8Array, size: number): Uint8Array | undefined {
  const fields = parse(tensor);
  const dataType = fields.find((f) => f.field === TENSOR.dataType)?.int;
  const raw = fields.find((f) => f.field === TENSOR.rawData);
  const dims = fields.filter((f) => f.field === TENSOR.dims).map((f) => Number(f.int));
  if (dataType !== BigInt(INT64) || !raw || dims.length !== 1) return undefined;
  const v = int64s(raw.bytes);
  let next: BigInt64Array | undefined;
  if (v.length === 2 && v[0] === v[1] && v[0] !== undefined) {
    const k = levelOf(v[0]);
    if (k !== undefined) next = BigInt64Array.from([BigInt(levelSize(size, k)), BigInt(levelSize(size, k))]);
  } else if (v.length === 4 && v[0] === 1n && v[2] === v[3] && v[2] !== undefined && v[1] !== undefined) {
    const k = levelOf(v[2]);
    if (k !== undefined) next = BigInt64Array.from([1n, v[1], BigInt(levelSize(size, k)), BigInt(levelSize(size, k))]);
  }
  if (!next) return undefined;
  const bytes = new Uint8Array(next.buffer);
  return concat(fields.map((f) => (f === raw ? lengthDelimited(TENSOR.rawData, bytes) : f.raw)));
}

function retargetNode(node: Uint8Array, size: number): Uint8Array | undefined {
  const fields = parse(node);
  const op = fields.find((f) => f.field === NODE.opType);
  if (!op || text(op.bytes) !== 'Constant') return undefined;
  let changed = false;
  const parts = fields.map((f) => {
    if (f.field !== NODE.attribute) return f.raw;
    const attr = parse(f.bytes);
    const t = attr.find((a) => a.field === ATTRIBUTE_TENSOR);
    const next = t && retargetTensor(t.bytes, size);
    if (!t || !next) return f.raw;
    changed = true;
    return lengthDelimited(NODE.attribute, concat(attr.map((a) => (a === t ? lengthDelimited(ATTRIBUTE_TENSOR, next) : a.raw))));
  });
  return changed ? concat(parts) : undefined;
}

/** A graph input/output declaration with its spatial dims re-targeted. */
function retargetValueInfo(info: Uint8Array, size: number): Uint8Array {
  const fields = parse(info);
  return concat(
    fields.map((f) => {
      if (f.field !== 2) return f.raw; // ValueInfoProto.type
      const type = parse(f.bytes).map((t) => {
        if (t.field !== 1) return t.raw; // TypeProto.tensor_type
        const tensorType = parse(t.bytes).map((tt) => {
          if (tt.field !== 2) return tt.raw; // TypeProto.Tensor.shape
          const dims = parse(tt.bytes).map((d, axis) => {
            const value = parse(d.bytes).find((x) => x.field === 1)?.int;
            // Spatial axes (2, 3) of the input, the matte and the side outputs: 1024 / 2^k each.
            const k = axis >= 2 && value !== undefined ? levelOf(value) : undefined;
            return k === undefined ? d.raw : lengthDelimited(1, varintField(1, levelSize(size, k)));
          });
          return lengthDelimited(2, concat(dims));
        });
        return lengthDelimited(1, concat(tensorType));
      });
      return lengthDelimited(2, concat(type));
    }),
  );
}

/**
 * Returns the model re-targeted to `size` × `size` input (a multiple of 32 between 256 and 1024).
 * Throws when the graph does not have the expected structure (another model version).
 */
export function retargetIsnet(model: Uint8Array, size: number): Uint8Array {
  if (!Number.isInteger(size) || size % 32 !== 0 || size < 256 || size > 1024)
    throw new Error(`ISNet input size must be a multiple of 32 in 256–1024, got ${size}`);
  if (size === 1024) return model;
  let rewritten = 0;
  const top = parse(model).map((f) => {
    if (f.field !== MODEL_GRAPH) return f.raw;
    const graph = parse(f.bytes).flatMap((g) => {
      // Intermediate shape annotations would contradict the new sizes: drop them, ORT re-infers.
      if (g.field === GRAPH.valueInfo) return [];
      if (g.field === GRAPH.input || g.field === GRAPH.output) return [lengthDelimited(g.field, retargetValueInfo(g.bytes, size))];
      if (g.field === GRAPH.node) {
        const next = retargetNode(g.bytes, size);
        if (next) rewritten++;
        return [next ? lengthDelimited(GRAPH.node, next) : g.raw];
      }
      if (g.field === GRAPH.initializer) {
        const next = retargetTensor(g.bytes, size);
        if (next) rewritten++;
        return [next ? lengthDelimited(GRAPH.initializer, next) : g.raw];
      }
      return [g.raw];
    });
    return lengthDelimited(MODEL_GRAPH, concat(graph));
  });
  // ISNet has 39 upsampling nodes; fewer rewrites means an unknown export.
  if (rewritten < 39) throw new Error(`unexpected ISNet graph: ${rewritten} resize targets found`);
  return concat(top);
}
