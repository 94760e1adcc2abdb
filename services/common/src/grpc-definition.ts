import { create, type DescMethod, fromBinary, toBinary } from '@bufbuild/protobuf';
import type { MethodDefinition, ServiceDefinition } from '@grpc/grpc-js';
import type { AnyService } from './grpc-types.ts';

/** Turns a protoc-gen-es service descriptor into a grpc-js service definition (binary protobuf on the wire). */
export function grpcServiceDefinition(service: AnyService): ServiceDefinition {
  const definition: Record<string, MethodDefinition<unknown, unknown>> = {};
  for (const method of service.methods) {
    definition[method.localName] = methodDefinition(service.typeName, method);
  }
  return definition;
}

export function methodDefinition(
  serviceTypeName: string,
  method: DescMethod,
): MethodDefinition<unknown, unknown> {
  return {
    path: `/${serviceTypeName}/${method.name}`,
    requestStream: method.methodKind === 'client_streaming' || method.methodKind === 'bidi_streaming',
    responseStream: method.methodKind === 'server_streaming' || method.methodKind === 'bidi_streaming',
    requestSerialize: (message) =>
      Buffer.from(toBinary(method.input, create(method.input, message as never))),
    requestDeserialize: (bytes) => fromBinary(method.input, bytes),
    responseSerialize: (message) =>
      Buffer.from(toBinary(method.output, create(method.output, message as never))),
    responseDeserialize: (bytes) => fromBinary(method.output, bytes),
  };
}
