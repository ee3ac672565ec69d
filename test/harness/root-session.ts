import { ApiClient } from './client';
import { startPlatform, type TestPlatform } from './platform';

/**
 * The preamble of most e2e suites: a platform, a client for it, and the bootstrap platform
 * admin's access token. A failed login stops the platform again.
 */
export async function startPlatformAsRoot(options?: Parameters<typeof startPlatform>[0]): Promise<{ platform: TestPlatform; api: ApiClient; root: string }> {
  const platform = await startPlatform(options);
  try {
    const api = new ApiClient(platform.baseUrl);
    const root = (await api.login(platform.adminEmail, platform.adminPassword)).accessToken;
    return { platform, api, root };
  } catch (e) {
    await platform.stop();
    throw e;
  }
}
