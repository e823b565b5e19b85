/**
 * Estimating the offset between a client's clock and the server's (DESIGN.md section 2).
 * Each ping records when it left and came back in client time and the server's time in between;
 * assuming the server answered half way, its clock minus ours is the offset for that sample.
 * The median over samples discards the ones a slow network skewed.
 */
export interface ClockSample {
  sentAt: number;
  receivedAt: number;
  serverTime: number;
}

export function sampleOffset({ sentAt, receivedAt, serverTime }: ClockSample): number {
  const roundTrip = receivedAt - sentAt;
  return serverTime - (sentAt + roundTrip / 2);
}

export function estimateClockOffset(samples: readonly ClockSample[]): number {
  if (samples.length === 0) return 0;
  const offsets = samples.map(sampleOffset).sort((a, b) => a - b);
  const middle = Math.floor(offsets.length / 2);
  return offsets.length % 2 === 1 ? offsets[middle]! : (offsets[middle - 1]! + offsets[middle]!) / 2;
}
