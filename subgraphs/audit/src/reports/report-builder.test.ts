import { MAX_REPORT_ROWS, ReportAccumulator, reportFilter } from './report-builder';
import { ComplianceReportType } from './report.type';

const ev = (i: number, over: Record<string, unknown> = {}) => ({
  id: `e${i}`, seq: BigInt(i), occurredAt: new Date(1_700_000_000_000 + i), actorKind: 'access_token', actorId: `u${i % 2}`,
  action: i % 3 ? 'login' : 'createUser', resourceType: 'User', resourceId: null, outcome: i % 2 ? 'FAILURE' : 'SUCCESS', errorCode: null, ip: '10.0.0.1', ...over,
});

describe('compliance report builder', () => {
  it('counts per action, actor and outcome', () => {
    const acc = new ReportAccumulator();
    for (let i = 1; i <= 6; i++) acc.add(ev(i));
    expect(acc.summary()).toMatchObject({
      totalEvents: 6,
      byAction: { login: 4, createUser: 2 },
      byActor: { u0: 3, u1: 3 },
      byOutcome: { SUCCESS: 3, FAILURE: 3 },
      byIpAddress: { '10.0.0.1': 6 },
      rowsTruncated: false,
    });
    expect(acc.rows[0]).toMatchObject({ id: 'e1', seq: 1, action: 'login', userId: 'u1' });
  });

  it('keeps at most MAX_REPORT_ROWS rows but counts all', () => {
    const acc = new ReportAccumulator();
    for (let i = 1; i <= MAX_REPORT_ROWS + 10; i++) acc.add(ev(i));
    expect(acc.rows).toHaveLength(MAX_REPORT_ROWS);
    expect(acc.summary()).toMatchObject({ totalEvents: MAX_REPORT_ROWS + 10, rowsTruncated: true });
  });

  it('selects failures of authentication for FAILED_LOGINS', () => {
    expect(reportFilter(ComplianceReportType.FAILED_LOGINS)).toEqual({ category: 'AUTHENTICATION', outcome: 'FAILURE' });
    expect(reportFilter(ComplianceReportType.ALL_ACTIVITY)).toEqual({});
  });
});
