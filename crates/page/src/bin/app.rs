//! The app's entry point: renders [`quirkat_page::App`] into the page body.

fn main() {
    yew::Renderer::<quirkat_page::App>::new().render();
}
