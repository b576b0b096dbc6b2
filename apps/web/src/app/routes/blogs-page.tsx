import { BLOG_POSTS } from "../../features/content/blog-posts";
import { BlogArticle } from "../../features/content/components/blog-article";
import { useDocumentTitle } from "../../lib/use-document-title";

export default function BlogsPage() {
  useDocumentTitle("Blogs");
  return (
    <div className="mx-auto max-w-3xl px-4 py-12">
      <h1 className="text-4xl font-extrabold">Blogs</h1>
      <p className="mt-3 text-lg text-base-content/80">
        Questions and answers about the front-end techniques behind this site.
      </p>
      <nav aria-label="Articles" className="mt-6">
        <ul className="list-inside list-disc space-y-1">
          {BLOG_POSTS.map((post) => (
            <li key={post.slug}>
              <a href={`#${post.slug}`} className="link link-primary">
                {post.question}
              </a>
            </li>
          ))}
        </ul>
      </nav>
      <div className="mt-10 flex flex-col gap-8">
        {BLOG_POSTS.map((post) => (
          <BlogArticle key={post.slug} post={post} />
        ))}
      </div>
    </div>
  );
}
