export function dashboardHtml(): string {
  return '<!DOCTYPE html><title>simex</title>';
}
