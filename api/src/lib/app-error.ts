/** An error meant for the client: its status, code and message are answered as they are. */
export class AppError extends Error {
  readonly statusCode: number;
  readonly code: string;
  readonly details: unknown;

  constructor(statusCode: number, code: string, message: string, details?: unknown) {
    super(message);
    this.name = 'AppError';
    this.statusCode = statusCode;
    this.code = code;
    this.details = details;
  }
}

export const unauthorized = () => new AppError(401, 'UNAUTHORIZED', 'Unauthorized');
export const notFound = (message = 'Not found') => new AppError(404, 'NOT_FOUND', message);
