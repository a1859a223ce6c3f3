import { StrokeIcon } from '@/components/stroke-icon';

/** The support cards' decorative icons (their headings say what they are). */
export function ChatIcon() {
  return (
    <StrokeIcon boxSize="5">
      <path d="M21 12a8 8 0 0 1-11.6 7.1L4 20l1-4.6A8 8 0 1 1 21 12z" />
    </StrokeIcon>
  );
}

export function BookIcon() {
  return (
    <StrokeIcon boxSize="5">
      <path d="M4 5a2 2 0 0 1 2-2h14v16H6a2 2 0 0 0-2 2z" />
      <path d="M4 19V5" />
      <path d="M8 7h8" />
    </StrokeIcon>
  );
}

export function CommunityIcon() {
  return (
    <StrokeIcon boxSize="5">
      <circle cx="9" cy="8" r="3" />
      <path d="M3 20a6 6 0 0 1 12 0" />
      <path d="M16 5a3 3 0 0 1 0 6" />
      <path d="M18 14a6 6 0 0 1 3 6" />
    </StrokeIcon>
  );
}

export function SendIcon() {
  return (
    <StrokeIcon boxSize="5">
      <path d="M22 2 11 13" />
      <path d="M22 2 15 22l-4-9-9-4z" />
    </StrokeIcon>
  );
}

export function ChevronDownIcon() {
  return (
    <StrokeIcon boxSize="4">
      <path d="m6 9 6 6 6-6" />
    </StrokeIcon>
  );
}
