import assert from 'node:assert/strict';
import { describe, it } from '@jest/globals';
import { ValueType } from '@opentelemetry/api';
import { AggregationTemporality, DataPointType, type MetricData } from '@opentelemetry/sdk-metrics';
import { withUnitSuffix } from '../src/telemetry/prometheus-endpoint.js';

// The Prometheus names the metrics endpoint derives from OpenTelemetry's: the unit as a suffix.

function metric(name: string, unit: string, dataPointType: DataPointType): MetricData {
  const descriptor = { name, unit, description: '', valueType: ValueType.DOUBLE };
  return dataPointType === DataPointType.GAUGE
    ? { descriptor, dataPointType, aggregationTemporality: AggregationTemporality.CUMULATIVE, dataPoints: [] }
    : {
        descriptor,
        dataPointType: DataPointType.SUM,
        isMonotonic: true,
        aggregationTemporality: AggregationTemporality.CUMULATIVE,
        dataPoints: [],
      };
}

const nameOf = (name: string, unit: string, type = DataPointType.SUM) =>
  withUnitSuffix(metric(name, unit, type)).descriptor.name;

describe('Prometheus names', () => {
  it('carry the unit: seconds, milliseconds, bytes, and ratio for a gauge of 1', () => {
    assert.equal(nameOf('http.server.request.duration', 's'), 'http.server.request.duration_seconds');
    assert.equal(nameOf('v8js.memory.heap.used', 'By', DataPointType.GAUGE), 'v8js.memory.heap.used_bytes');
    assert.equal(nameOf('legacy.delay', 'ms'), 'legacy.delay_milliseconds');
    assert.equal(
      nameOf('nodejs.eventloop.utilization', '1', DataPointType.GAUGE),
      'nodejs.eventloop.utilization_ratio',
    );
  });

  it('leave a name alone when it has its suffix, or its unit has none', () => {
    assert.equal(nameOf('http_server_request_duration_seconds', 's'), 'http_server_request_duration_seconds');
    assert.equal(nameOf('billing.balance.operations', ''), 'billing.balance.operations');
    assert.equal(nameOf('v8js.resource.active', '{resource}', DataPointType.GAUGE), 'v8js.resource.active');
    assert.equal(nameOf('things.counted', '1'), 'things.counted');
  });
});
