import protobuf from 'protobufjs';

// An OTLP trace export request as the collector reads it: JSON (OTLP/HTTP json, ids in hex) or
// protobuf (OTLP/HTTP protobuf, the exporters' default), decoded to the same shape. The schema is
// the part of opentelemetry-proto's trace.proto the suites read; protobuf skips the rest.

type OtlpValue = { stringValue?: string; intValue?: string | number; boolValue?: boolean; doubleValue?: number };

export interface OtlpExport {
  resourceSpans?: {
    resource?: { attributes?: { key: string; value: OtlpValue }[] };
    scopeSpans?: {
      spans?: {
        traceId: string;
        spanId: string;
        parentSpanId?: string;
        name: string;
        kind: number;
        links?: { traceId: string; spanId: string }[];
        attributes?: { key: string; value: OtlpValue }[];
      }[];
    }[];
  }[];
}

const SCHEMA = `
syntax = "proto3";
message AnyValue { oneof value { string string_value = 1; bool bool_value = 2; int64 int_value = 3; double double_value = 4; } }
message KeyValue { string key = 1; AnyValue value = 2; }
message Resource { repeated KeyValue attributes = 1; }
message Link { bytes trace_id = 1; bytes span_id = 2; }
message Span {
  bytes trace_id = 1; bytes span_id = 2; bytes parent_span_id = 4; string name = 5; int32 kind = 6;
  repeated KeyValue attributes = 9; repeated Link links = 13;
}
message ScopeSpans { repeated Span spans = 2; }
message ResourceSpans { Resource resource = 1; repeated ScopeSpans scope_spans = 2; }
message ExportTraceServiceRequest { repeated ResourceSpans resource_spans = 1; }
`;

const request = protobuf.parse(SCHEMA, { keepCase: false }).root.lookupType('ExportTraceServiceRequest');

/** Bytes fields (ids) as the JSON encoding has them: lower-case hex. */
function hexIds(value: unknown): unknown {
  if (value instanceof Uint8Array) return Buffer.from(value).toString('hex');
  if (Array.isArray(value)) return value.map(hexIds);
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, hexIds(inner)]));
  }
  return value;
}

/** The request `body` carried, by its content type. */
export function decodeTraces(body: Buffer, contentType: string): OtlpExport {
  if (contentType.includes('protobuf')) {
    const decoded = request.toObject(request.decode(body), { longs: String, defaults: false, arrays: true });
    return hexIds(decoded) as OtlpExport;
  }
  return JSON.parse(body.toString('utf8')) as OtlpExport;
}
