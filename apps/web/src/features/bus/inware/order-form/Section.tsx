import type { ReactNode } from 'react';

/** A titled block of the order form (bus.css `bus-section-title`). */
export function Section({ title, extra, children }: { title: ReactNode; extra?: ReactNode; children: ReactNode }) {
  return (
    <div style={{ marginBottom: 8 }}>
      <div className="bus-section-title">
        <span>{title}</span>
        {extra}
      </div>
      {children}
    </div>
  );
}
