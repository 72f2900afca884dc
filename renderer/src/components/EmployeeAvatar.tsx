/**
 * An employee's avatar: their picture as Teambeat serves it (fetched with the access token, shown from a
 * `blob:` URL), else their initials. Never an address elsewhere (docs/security.md, "Employee pictures").
 */
import { Avatar, type AvatarProps } from '@fluentui/react-components';
import { useEmployeeImage } from '../api/hooks/people';

export function EmployeeAvatar({
  employee,
  ...props
}: { employee: { id: number; name: string; image: string | null } } & Omit<AvatarProps, 'name' | 'image'>) {
  const src = useEmployeeImage(employee.id, employee.image);
  return <Avatar name={employee.name} image={src ? { src } : undefined} {...props} />;
}
