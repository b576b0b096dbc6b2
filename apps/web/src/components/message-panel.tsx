import { Link } from "react-router";

interface MessagePanelProps {
  /** One sentence: why there is nothing to show here. */
  message: string;
  /** Where the reader can go from here. */
  link?: { to: string; label: string } | undefined;
  /** A failure to announce at once (role="alert"); an empty list is a plain notice. */
  alert?: boolean;
}

/** A framed sentence in place of a screen's content: an empty list, a missing order or tool. */
export function MessagePanel({ message, link, alert = false }: MessagePanelProps) {
  return (
    <div role={alert ? "alert" : undefined} className="rounded-box border border-base-300 bg-base-100 p-6">
      <p className="font-semibold">{message}</p>
      {link ? (
        <Link to={link.to} className="link mt-2 inline-block link-primary">
          {link.label}
        </Link>
      ) : null}
    </div>
  );
}
