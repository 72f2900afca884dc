// Types for the parts of zkteco-js 1.7.2 (dev dependency) the simulator's tests use; the package ships none.
declare module 'zkteco-js' {
  export type ZktecoUser = {
    uid: number;
    role: number;
    password: string;
    name: string;
    cardno: number;
    userId: string;
  };
  /** record_time is `Date.prototype.toString()` of a host-local Date built from the device's wall clock. */
  export type ZktecoRecord = { sn: number; user_id: string; record_time: string; type: number; state: number };

  export default class ZktecoJs {
    constructor(ip: string, port: number, timeout: number, inport: number, maxChunk?: number);
    connectionType: 'tcp' | 'udp' | null;
    createSocket(cbErr?: (err: Error) => void, cbClose?: (type: string) => void): Promise<boolean>;
    getInfo(): Promise<{ userCounts: number; logCounts: number; logCapacity: number }>;
    getSerialNumber(): Promise<string>;
    getDeviceName(): Promise<string>;
    getFirmware(): Promise<string>;
    getTime(): Promise<Date>;
    getUsers(): Promise<{ data: ZktecoUser[]; err?: Error | null }>;
    getAttendances(
      cb?: (received: number, total: number) => void,
    ): Promise<{ data: ZktecoRecord[]; err?: Error | null }>;
    disconnect(): Promise<void>;
  }
}
