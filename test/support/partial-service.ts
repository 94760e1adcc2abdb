// Transport tests (the gRPC plumbing, tracing) implement only the calls they make; the services' own
// tests cover the real implementations. The other calls answer "unimplemented" if anything reaches them.
import type { DescService } from '@bufbuild/protobuf';
import { AppError } from '@pictura/common/app-error';
import type { ServiceImpl } from '@pictura/common/grpc-types';

export function partialService<S extends DescService>(
  service: S,
  calls: Partial<ServiceImpl<S>>,
): ServiceImpl<S> {
  const unused = () => new AppError('internal', 'not implemented in this test');
  const filled: Record<string, unknown> = { ...calls };
  for (const method of service.methods) {
    if (filled[method.localName]) continue;
    filled[method.localName] =
      method.methodKind === 'server_streaming'
        ? // biome-ignore lint/correctness/useYield: it fails before yielding, like a call this test never makes
          async function* () {
            throw unused();
          }
        : async () => {
            throw unused();
          };
  }
  return filled as ServiceImpl<S>;
}
