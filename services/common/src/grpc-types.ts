import type { DescMessage, MessageInitShape, MessageShape } from '@bufbuild/protobuf';
import type { GenService, GenServiceMethods } from '@bufbuild/protobuf/codegenv2';

export type AnyService = GenService<GenServiceMethods>;

export interface CallContext {
  /** Aborted when the caller cancels or its deadline passes. */
  signal: AbortSignal;
  requestId: string;
}

export interface CallOptions {
  deadlineMs?: number;
  requestId?: string;
  signal?: AbortSignal;
}

type Unary<I extends DescMessage, O extends DescMessage> = { methodKind: 'unary'; input: I; output: O };
type ServerStream<I extends DescMessage, O extends DescMessage> = {
  methodKind: 'server_streaming';
  input: I;
  output: O;
};

/** What a server implements for each RPC of a generated service descriptor. */
export type ServiceImpl<S extends AnyService> = {
  [K in keyof S['method']]: S['method'][K] extends Unary<infer I, infer O>
    ? (request: MessageShape<I>, ctx: CallContext) => Promise<MessageInitShape<O>>
    : S['method'][K] extends ServerStream<infer I, infer O>
      ? (request: MessageShape<I>, ctx: CallContext) => AsyncIterable<MessageInitShape<O>>
      : never;
};

/** The promise/async-iterable client for a generated service descriptor. */
export type ServiceClient<S extends AnyService> = {
  [K in keyof S['method']]: S['method'][K] extends Unary<infer I, infer O>
    ? (request: MessageInitShape<I>, options?: CallOptions) => Promise<MessageShape<O>>
    : S['method'][K] extends ServerStream<infer I, infer O>
      ? (request: MessageInitShape<I>, options?: CallOptions) => AsyncIterable<MessageShape<O>>
      : never;
};
