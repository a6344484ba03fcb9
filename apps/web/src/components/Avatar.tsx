import { useState } from 'react';
import { avatarPlaceholder } from './avatar';

interface AvatarProps {
  name: string | null | undefined;
  src?: string | null;
  /** Rendered size in CSS pixels; the placeholder image itself is 120×120. */
  size?: number;
  className?: string;
}

/** The user's picture, or the purple initial placeholder when there is none or it fails to load. */
export function Avatar({ name, src, size = 32, className = '' }: AvatarProps) {
  const [failed, setFailed] = useState(false);
  const url = src && !failed ? src : avatarPlaceholder(name);
  return (
    <img
      src={url}
      alt=""
      width={size}
      height={size}
      onError={() => setFailed(true)}
      className={`shrink-0 rounded-full object-cover ${className}`}
      style={{ width: size, height: size }}
    />
  );
}
