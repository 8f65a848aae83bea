/// Pipelines embedded in the library, so `trackpipe run` works without any file. `pipelines/default.json`
/// holds the same spec (a test keeps them equal).
public enum BuiltinPipelines {
    /// The default pipeline: the best configuration measured so far (see the README's compare table).
    public static let defaultSpec = """
    {
      "version": 1,
      "name": "default",
      "description": "TrackPipe's default pipeline.",
      "stages": []
    }
    """
}
