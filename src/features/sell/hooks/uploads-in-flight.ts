import { createContext, useCallback, useContext, useEffect, useState } from 'react';
import type { MediaKind } from '../../../../domain/media';

type ReportUploads = (kind: MediaKind, running: number) => void;

/** How each media field tells its form how many of its files are still on their way up. */
export const UploadsInFlightContext = createContext<ReportUploads | null>(null);

/**
 * The form's count of files still uploading, over every media field: saving now would leave them
 * out of the ad, so the form waits for them.
 */
export function useUploadsInFlight(): { running: number; report: ReportUploads } {
  const [byKind, setByKind] = useState<Partial<Record<MediaKind, number>>>({});
  const report = useCallback<ReportUploads>((kind, running) => setByKind((current) => (current[kind] === running ? current : { ...current, [kind]: running })), []);
  return { running: Object.values(byKind).reduce((sum, count) => sum + count, 0), report };
}

export function useReportUploadsInFlight(kind: MediaKind, running: number): void {
  const report = useContext(UploadsInFlightContext);
  useEffect(() => {
    report?.(kind, running);
    return () => report?.(kind, 0);
  }, [report, kind, running]);
}
