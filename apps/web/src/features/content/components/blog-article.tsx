import type { BlogPost } from "../blog-posts";

/** One Q&A article: the question as its heading and the answer's paragraphs. */
export function BlogArticle({ post }: { post: BlogPost }) {
  const headingId = `${post.slug}-heading`;
  return (
    <article
      id={post.slug}
      aria-labelledby={headingId}
      className="rounded-box border border-base-300 bg-base-100 p-6 shadow-sm sm:p-8"
    >
      <h2 id={headingId} className="text-2xl font-bold">
        {post.question}
      </h2>
      <div className="mt-4 flex flex-col gap-4 leading-relaxed text-base-content/90">
        {post.paragraphs.map((paragraph) => (
          <p key={paragraph.slice(0, 40)}>{paragraph}</p>
        ))}
      </div>
    </article>
  );
}
