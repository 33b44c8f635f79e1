import {
  detectResources,
  envDetector,
  hostDetector,
  processDetector,
  resourceFromAttributes,
  type Resource,
} from '@opentelemetry/resources';
import { ATTR_SERVICE_NAME } from '@opentelemetry/semantic-conventions';

/**
 * What this process is, for its spans and its metrics alike: OTEL_SERVICE_NAME and
 * OTEL_RESOURCE_ATTRIBUTES (the chart puts the pod, namespace, node and version there from the
 * downward API), then the process and host. `otp` only when nothing names the service.
 */
export function processResource(): Resource {
  return resourceFromAttributes({ [ATTR_SERVICE_NAME]: 'otp' }).merge(
    detectResources({ detectors: [envDetector, processDetector, hostDetector] }),
  );
}
