// End-to-end tests boot whole platforms: give each test and hook time for that.
jest.setTimeout(120_000);
