/** The API's one error type. The server's error handler turns it into `{message, status}`. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    /** More fields of the error body the contract names (Error.yaml: `rule` on a refused RTM billing). */
    readonly body: { rule?: string } = {},
  ) {
    super(message);
    this.name = "ApiError";
  }

  /** Fastify and its plugins read `statusCode`. */
  get statusCode(): number {
    return this.status;
  }
}

export const badRequest = (message: string) => new ApiError(400, message);
export const unauthorized = (message = "Unauthorized") => new ApiError(401, message);
export const forbidden = (message = "Forbidden") => new ApiError(403, message);
export const notFound = (message = "Not found") => new ApiError(404, message);
export const conflict = (message: string, body: { rule?: string } = {}) => new ApiError(409, message, body);
