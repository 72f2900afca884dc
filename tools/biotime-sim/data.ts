/**
 * Demo data for the BioTime stand-in: an account, two terminals (head office in Karachi, UTC+5; a Dubai branch,
 * UTC+4), employees, and a working day's check-in and check-out for each employee on each day asked, as BioTime
 * stores them (terminal local times, ids in upload order).
 */
import type { BiotimeData, BiotimeEmployee, BiotimeTransaction } from './biotime.js';

export const BIOTIME_DEMO_ACCOUNT = { username: 'teambeat', password: 'biotime-demo' } as const;

export type DemoPerson = { empCode: string; firstName: string; lastName: string };

const pad = (n: number) => String(n).padStart(2, '0');

/** Each YYYY-MM-DD from `from`, `days` of them. */
function daysFrom(from: string, days: number): string[] {
  const start = new Date(`${from}T00:00:00Z`).getTime();
  return Array.from({ length: days }, (_, i) => new Date(start + i * 86_400_000).toISOString().slice(0, 10));
}

/**
 * `people` punch on the head office terminal (the first) on each of `days` days from `from`: in at 09:0n, out at
 * 18:1n (n: the person's place), in the terminal's local time.
 */
export function biotimeDemoData(options: { people?: DemoPerson[]; from?: string; days?: number } = {}): BiotimeData {
  const people = options.people ?? [
    { empCode: '1001', firstName: 'Omar', lastName: 'Iqbal' },
    { empCode: '1002', firstName: 'Ayesha', lastName: 'Fischer' },
  ];
  const employees: BiotimeEmployee[] = people.map((p, i) => ({ id: i + 1, department: 'Operations', ...p }));
  const transactions: BiotimeTransaction[] = [];
  for (const day of daysFrom(options.from ?? '2030-06-10', options.days ?? 2)) {
    people.forEach((p, i) => {
      for (const [time, state] of [
        [`09:0${i % 10}:00`, '0'],
        [`18:1${i % 10}:00`, '1'],
      ] as const) {
        transactions.push({
          id: transactions.length + 1,
          empCode: p.empCode,
          punchTime: `${day} ${time}`,
          punchState: state,
          verifyType: 1,
          terminalSn: 'BT-HQ-0001',
          uploadTime: `${day} ${time.slice(0, 2)}:${pad(Number(time.slice(3, 5)) + 1)}:00`,
        });
      }
    });
  }
  return {
    accounts: [{ ...BIOTIME_DEMO_ACCOUNT }],
    terminals: [
      { id: 1, sn: 'BT-HQ-0001', alias: 'Head office entrance', ipAddress: '10.0.0.21', terminalTz: 5, areaName: 'HQ' },
      { id: 2, sn: 'BT-DXB-0002', alias: 'Dubai branch', ipAddress: '10.1.0.21', terminalTz: 4, areaName: 'Dubai' },
    ],
    employees,
    transactions,
  };
}
