import { Badge, type BadgeProps } from '@mantine/core';
import { SEVERITY_PALETTE } from '@/components/ui/severity';
import {
  PROCESS_INSTANCE_STATUS_COLOR,
  STATUS_COLOR,
  type IncidentSeverity,
  type IncidentStatus,
} from './labels';

/** Never shortened to "ACKNOW…" by a narrow table column. */
const whole = { minWidth: 'max-content' } as const;

/** Severity is filled (it is what a responder scans for first); status is light, so the two never look alike. */
export function SeverityBadge({ severity, ...props }: { severity: IncidentSeverity } & BadgeProps) {
  return (
    <Badge color={SEVERITY_PALETTE[severity].color} variant="filled" autoContrast style={whole} {...props}>
      {severity}
    </Badge>
  );
}

export function StatusBadge({ status, ...props }: { status: IncidentStatus } & BadgeProps) {
  return (
    <Badge color={STATUS_COLOR[status]} variant="light" style={whole} {...props}>
      {status}
    </Badge>
  );
}

export function ProcessInstanceStatusBadge({ status, ...props }: { status: string } & BadgeProps) {
  return (
    <Badge color={PROCESS_INSTANCE_STATUS_COLOR[status] ?? 'gray'} variant="light" style={whole} {...props}>
      {status}
    </Badge>
  );
}
