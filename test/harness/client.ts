/** A thin HTTP client for end-to-end tests: JSON in, status + headers + parsed body out. */
export interface ApiResponse<T = any> {
  status: number;
  headers: Headers;
  body: T;
  text: string;
}

export interface RequestOptions {
  token?: string;
  headers?: Record<string, string>;
  /** Sent as JSON unless `raw` is given. */
  body?: unknown;
  raw?: string;
}

export class ApiClient {
  constructor(readonly baseUrl: string) {}

  async request<T = any>(method: string, path: string, opts: RequestOptions = {}): Promise<ApiResponse<T>> {
    const headers: Record<string, string> = { ...opts.headers };
    if (opts.token) headers.authorization = `Bearer ${opts.token}`;
    let body: string | undefined = opts.raw;
    if (opts.body !== undefined) {
      body = JSON.stringify(opts.body);
      headers['content-type'] ??= 'application/json';
    }
    const res = await fetch(`${this.baseUrl}${path}`, { method, headers, body });
    const text = await res.text();
    let parsed: any = undefined;
    try {
      parsed = text ? JSON.parse(text) : undefined;
    } catch {
      parsed = undefined;
    }
    return { status: res.status, headers: res.headers, body: parsed, text };
  }

  get<T = any>(path: string, opts?: RequestOptions) {
    return this.request<T>('GET', path, opts);
  }
  post<T = any>(path: string, body?: unknown, opts: RequestOptions = {}) {
    return this.request<T>('POST', path, { ...opts, body });
  }

  /** POST /graphql. */
  graphql<T = any>(query: string, variables?: Record<string, unknown>, opts: RequestOptions = {}) {
    return this.request<T>('POST', '/graphql', { ...opts, body: { query, variables } });
  }

  async login(email: string, password: string): Promise<{ accessToken: string; refreshToken: string; user: any }> {
    const res = await this.post('/api/v1/auth/login', { email, password });
    if (res.status !== 200) throw new Error(`login failed: ${res.status} ${res.text}`);
    return res.body;
  }
}

/** The error envelope of spec 1, with the fields every error must carry. */
export function expectEnvelope(res: ApiResponse, status: number, code?: string, message?: string): void {
  expect(res.status).toBe(status);
  expect(Object.keys(res.body ?? {})).toEqual(['error']);
  expect(Object.keys(res.body.error).sort()).toEqual(['code', 'details', 'message', 'path', 'requestId', 'timestamp']);
  expect(res.body.error).toMatchObject({
    code: code ?? expect.stringMatching(/^DPF-[A-Z]+-\d{3}$/),
    message: message ?? expect.any(String),
    timestamp: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
    requestId: res.headers.get('x-request-id'),
    path: expect.stringMatching(/^\//),
  });
}
