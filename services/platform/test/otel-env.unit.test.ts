import assert from 'node:assert/strict';
import { describe, it } from '@jest/globals';
import { otlpProtocol, telemetryPlan } from '../src/telemetry/otel-env.js';

// What the standard OTEL_* variables start in a process (register.ts loads only that).

describe('the OTEL_* variables', () => {
  it('start nothing when nothing is configured', () => {
    assert.deepEqual(telemetryPlan({}), { spanExporters: [], metricExporters: [], ignored: [] });
  });

  it('trace over OTLP once an endpoint, general or for traces, is named', () => {
    assert.deepEqual(telemetryPlan({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318' }).spanExporters, ['otlp']);
    assert.deepEqual(telemetryPlan({ OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: 'http://c:4318/v1/traces' }).spanExporters, [
      'otlp',
    ]);
    assert.deepEqual(telemetryPlan({ OTEL_TRACES_EXPORTER: 'console' }).spanExporters, ['console']);
  });

  it('OTEL_SDK_DISABLED=true turns every signal off, whatever else is set', () => {
    const plan = telemetryPlan({
      OTEL_SDK_DISABLED: 'TRUE',
      OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318',
      OTEL_METRICS_EXPORTER: 'otlp',
      METRICS_PORT: '9464',
    });
    assert.deepEqual(plan, { spanExporters: [], metricExporters: [], ignored: [] });
    assert.deepEqual(telemetryPlan({ OTEL_SDK_DISABLED: 'false', METRICS_PORT: '9464' }).prometheus, {
      host: '0.0.0.0',
      port: 9464,
    });
  });

  it('none in an exporter list turns that signal off; unknown exporters are reported and skipped', () => {
    const plan = telemetryPlan({
      OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318',
      OTEL_TRACES_EXPORTER: 'none',
      OTEL_METRICS_EXPORTER: 'otlp, zipkin,otlp',
    });
    assert.deepEqual(plan.spanExporters, []);
    assert.deepEqual(plan.metricExporters, ['otlp']);
    assert.equal(plan.prometheus, undefined);
    assert.deepEqual(plan.ignored, ['OTEL_METRICS_EXPORTER=zipkin']);
  });

  it('metrics: the Prometheus endpoint on METRICS_PORT by default, the list when OTEL_METRICS_EXPORTER names one', () => {
    assert.deepEqual(telemetryPlan({ METRICS_PORT: '9464' }).prometheus, { host: '0.0.0.0', port: 9464 });
    // The spec's default exporter (otlp) is not assumed: traces' endpoint does not push metrics.
    assert.deepEqual(telemetryPlan({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318' }).metricExporters, []);
    const both = telemetryPlan({
      METRICS_PORT: '9100',
      OTEL_METRICS_EXPORTER: 'prometheus,otlp',
      OTEL_EXPORTER_PROMETHEUS_HOST: '127.0.0.1',
    });
    assert.deepEqual(both.prometheus, { host: '127.0.0.1', port: 9100 });
    assert.deepEqual(both.metricExporters, ['otlp']);
    assert.deepEqual(telemetryPlan({ OTEL_METRICS_EXPORTER: 'prometheus' }).prometheus, {
      host: '0.0.0.0',
      port: 9464,
    });
    assert.equal(telemetryPlan({ OTEL_METRICS_EXPORTER: 'otlp', METRICS_PORT: '9464' }).prometheus, undefined);
    assert.deepEqual(telemetryPlan({ OTEL_METRICS_EXPORTER: 'none', METRICS_PORT: '9464' }), {
      spanExporters: [],
      metricExporters: [],
      ignored: [],
    });
  });

  it('the OTLP protocol: per signal, then general, then http/protobuf', () => {
    assert.equal(otlpProtocol('TRACES', {}), 'http/protobuf');
    assert.equal(otlpProtocol('TRACES', { OTEL_EXPORTER_OTLP_PROTOCOL: 'grpc' }), 'grpc');
    assert.equal(
      otlpProtocol('METRICS', {
        OTEL_EXPORTER_OTLP_PROTOCOL: 'grpc',
        OTEL_EXPORTER_OTLP_METRICS_PROTOCOL: 'http/json',
      }),
      'http/json',
    );
    assert.equal(otlpProtocol('TRACES', { OTEL_EXPORTER_OTLP_PROTOCOL: 'thrift' }), undefined);
  });
});
