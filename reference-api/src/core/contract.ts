import type { components, operations } from "../../../openapi/provider-api.js";

/** Types of the contract, by operationId. Handlers are typed by these: no hand-written response types. */
export type OperationId = keyof operations;
export type Schemas = components["schemas"];
export type Schema<N extends keyof Schemas> = Schemas[N];

type Get<T, K> = K extends keyof T ? T[K] : never;
type Defined<T> = Exclude<T, undefined>;

export type PathParams<K extends OperationId> = Defined<Get<operations[K]["parameters"], "path">>;
export type QueryParams<K extends OperationId> = Defined<Get<operations[K]["parameters"], "query">>;
type Content<R> = R extends { content: infer C } ? C : never;
export type RequestBody<K extends OperationId> = Get<Content<Defined<Get<operations[K], "requestBody">>>, "application/json">;

type Responses<K extends OperationId> = operations[K]["responses"];
type SuccessCodes<K extends OperationId> = Extract<keyof Responses<K>, 200 | 201 | 202 | 204>;
/** The JSON body of any success response of the operation (`undefined` for 204). */
export type ResponseBody<K extends OperationId> = {
  [C in SuccessCodes<K>]: Responses<K>[C] extends { content: { "application/json": infer B } } ? B : undefined;
}[SuccessCodes<K>];
